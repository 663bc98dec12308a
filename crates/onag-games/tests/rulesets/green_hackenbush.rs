//! Green Hackenbush: the fusion and colon principles against the definition (a brute force
//! of every set of edges in the test kit), against the partizan Hackenbush engine's canonical
//! forms of the same pictures, and against closed forms.

use onag_core::partizan::{Form, canonical_form};
use onag_core::{Nimber, Solver};
use onag_games::partizan::Hackenbush;
use onag_games::{GreenHackenbush, GreenPicture, Notation};
use onag_testkit::hackenbush::green_hackenbush;
use onag_testkit::partizan::Random;

/// A random multigraph: loops, repeated edges and pieces off the ground included.
fn random_picture(random: &mut Random) -> (u32, Vec<(u32, u32)>) {
    let vertices = 1 + random.below(6) as u32;
    let count = random.below(11);
    let edges = (0..count)
        .map(|_| {
            (
                random.below(vertices as usize) as u32,
                random.below(vertices as usize) as u32,
            )
        })
        .collect();
    (vertices, edges)
}

#[test]
fn the_fusion_principle_agrees_with_the_definition_on_random_pictures() {
    let mut random = Random(5);
    let mut values = std::collections::HashSet::new();
    for _ in 0..600 {
        let (vertices, edges) = random_picture(&mut random);
        let picture = GreenPicture::new(vertices, edges.clone(), &[0]);
        let brute = green_hackenbush(&edges);
        assert_eq!(picture.nimber(), brute, "{vertices}: {edges:?}");
        // Through the catalogue's notation and the solver (the picture split at the
        // ground into parts, each valued by the principles).
        let text = GreenHackenbush.write_component(&picture);
        let read = GreenHackenbush.read_component(&text).unwrap();
        let mut solver = Solver::new(GreenHackenbush);
        assert_eq!(solver.grundy(&read).unwrap(), Nimber::new(brute), "{text}");
        values.insert(brute);
    }
    assert!(values.len() >= 5, "{values:?}");
}

#[test]
fn green_pictures_are_the_nimbers_the_partizan_engine_finds() {
    // The partizan Hackenbush of the same picture, every edge green: its canonical form by
    // the algebra from the game tree, which must be the nimber.
    let mut random = Random(9);
    for _ in 0..150 {
        let (vertices, edges) = random_picture(&mut random);
        // The partizan notation, as this one, refuses a picture with nothing on the ground.
        if !edges.iter().any(|&(a, b)| a == 0 || b == 0) {
            continue;
        }
        let written: Vec<String> = edges.iter().map(|(a, b)| format!("{a}-{b}e")).collect();
        let partizan = Hackenbush::parse(&format!("{vertices}:{}", written.join(","))).unwrap();
        let form = canonical_form(&Hackenbush, &partizan).unwrap();
        let picture = GreenPicture::new(vertices, edges.clone(), &[0]);
        assert_eq!(form, Form::nimber(picture.nimber()), "{edges:?}");
    }
}

#[test]
fn closed_forms_of_stalks_cycles_stars_and_grounded_vertices() {
    let value = |text: &str| GreenHackenbush.read_component(text).unwrap().nimber();
    for n in 1..40u64 {
        // A stalk of n - 1 edges is a nim heap of n - 1 (Winning Ways ch. 2).
        assert_eq!(value(&format!("path:{n}")), n - 1);
        // n edges on the ground, side by side: n heaps of one.
        assert_eq!(value(&format!("star:{n}")), n % 2);
        if n >= 3 {
            // A cycle through the ground fuses into n loops on the ground.
            assert_eq!(value(&format!("cycle:{n}")), n % 2);
        }
    }
    // A stalk grounded at both ends is a cycle through the ground: 0-1-2-3 with 0 and 3 on
    // the ground is three edges fused into loops, *1.
    assert_eq!(value("4:0-1,1-2,2-3@0,3"), 1);
    // A loop on a stalk of two is a stalk of three.
    assert_eq!(value("3:0-1,1-2,2-2"), 3);
    assert_eq!(value("0"), 0);
    // Edges standing nowhere fall away, but a picture written with no edge on the ground at
    // all is refused (below).
    assert_eq!(value("4:0-1,2-3"), 1);
}

#[test]
fn long_pictures_are_valued_without_recursion() {
    // A stalk of 10^5 edges from a file (an edge list), and the same with a triangle on
    // every vertex: each triangle fuses into three loops, *1, so each vertex carries *1 more.
    let dir = std::env::temp_dir().join(format!("onag-green-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let stalk = dir.join("stalk.txt");
    let n = 100_000u32;
    let text: String = (1..=n).map(|v| format!("{} {}\n", v - 1, v)).collect();
    std::fs::write(&stalk, text).unwrap();
    let picture = GreenHackenbush
        .read_component(&format!("file:{}", stalk.display()))
        .unwrap();
    assert_eq!(picture.nimber(), u64::from(n));
    // A cycle of 10^5 edges through the ground, and a grid (cycles everywhere).
    assert_eq!(
        GreenHackenbush
            .read_component("cycle:100000")
            .unwrap()
            .nimber(),
        0
    );
    // grid:2x2 is a cycle of four edges: *0.
    assert_eq!(
        GreenHackenbush.read_component("grid:2x2").unwrap().nimber(),
        0
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_pictures_are_refused_with_what_was_expected() {
    for bad in [
        "",
        "3",
        "3:0-3",
        "3:1-2",
        "3:1-2@0",
        "3:0-1,x",
        "2:0-1@5",
        "path:x",
        "path:9999999",
        "0:",
    ] {
        let error = GreenHackenbush.read_component(bad).unwrap_err().to_string();
        assert!(error.contains("green-hackenbush"), "{bad}: {error}");
    }
    let missing = GreenHackenbush
        .read_component("file:/nonexistent/picture.txt")
        .unwrap_err()
        .to_string();
    assert!(missing.contains("cannot read"), "{missing}");
}

#[test]
fn the_cuts_to_each_value_are_those_the_definition_finds() {
    // Every cut of random pictures valued by the brute force, against the cuts the
    // principles name for each value (bridges judged top down, parts of cycles valued again).
    let mut random = Random(13);
    let mut found_any = 0;
    for _ in 0..300 {
        let (vertices, edges) = random_picture(&mut random);
        let picture = GreenPicture::new(vertices, edges, &[0]);
        let mut by_value: std::collections::BTreeMap<
            u64,
            std::collections::BTreeSet<GreenPicture>,
        > = Default::default();
        for index in 0..picture.edges().len() {
            let after = picture.cut(index);
            by_value
                .entry(green_hackenbush(after.edges()))
                .or_default()
                .insert(after);
        }
        for target in 0..8 {
            let named: std::collections::BTreeSet<GreenPicture> = picture
                .cuts_to_value(target, usize::MAX, u64::MAX)
                .unwrap()
                .into_iter()
                .collect();
            let expected = by_value.get(&target).cloned().unwrap_or_default();
            assert_eq!(named, expected, "{:?} to {target}", picture.edges());
            found_any += named.len();
            // At most `count`, a prefix of the whole list.
            let one = picture.cuts_to_value(target, 1, u64::MAX).unwrap();
            assert_eq!(one.len(), expected.len().min(1));
            if !expected.is_empty() && picture.edges().len() > 2 {
                // A bound on the work that a part of cycles passes gives nothing, never a
                // part of the answer.
                if let Some(bounded) = picture.cuts_to_value(target, usize::MAX, 1) {
                    assert_eq!(
                        bounded
                            .into_iter()
                            .collect::<std::collections::BTreeSet<_>>(),
                        expected
                    );
                }
            }
        }
    }
    assert!(found_any > 300, "{found_any}");
}
