//! `onag games`: the catalogue listed, and the guide's table of games equal to it.

use crate::common::{json, onag};

#[test]
fn games_lists_every_game_of_the_grammar() {
    let listing = json(&["games", "--json"]);
    let games = listing["games"].as_array().unwrap();
    for name in [
        "nim",
        "bash:M",
        "subset-nim:S",
        "split-nim",
        "octal:CODE",
        "tb:CODE",
        "subtraction:S",
        "allbut:S",
        "kayles",
        "dawson-kayles",
        "dawson-chess",
        "grundy",
        "lasker",
    ] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
    for name in ["wythoff", "staircase", "moore:K"] {
        assert!(games.iter().any(|game| game["syntax"] == name), "{name}");
    }
}

/// The guide's table of games is the catalogue's, as `onag games --markdown` prints it.
#[test]
fn the_readme_lists_the_catalogue() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/GUIDE.md"))
        .expect("the guide");
    let start = readme
        .find("<!-- games: onag games --markdown -->\n")
        .expect("the games table's start marker");
    let end = readme.find("<!-- end games -->").expect("its end marker");
    let table = &readme[start + "<!-- games: onag games --markdown -->\n".len()..end];
    let output = onag(&["games", "--markdown"]);
    assert!(output.status.success());
    assert_eq!(table, String::from_utf8(output.stdout).unwrap());
}

#[test]
fn green_hackenbush_at_the_shell() {
    use crate::common::{fails, json};
    // A triangle on the ground with a twig on its top (three loops and a twig once fused:
    // *1 + *1 + *1 + *1 = 0), beside a stalk of three edges (*3): *3 in all, and the winning
    // cuts are those that leave 0: the stalk's top two edges leave *1 and *2, its bottom
    // edge leaves the picture alone (0), and in the picture a cut must leave *3.
    let report = json(&[
        "value",
        "green-hackenbush",
        "4:0-1,1-2,2-0,1-3",
        "path:4",
        "--json",
    ]);
    assert_eq!(report["grundy"], 3, "{report}");
    let described: Vec<&str> = report["winning_moves_described"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(described.contains(&"cut edge 0-1"), "{described:?}");
    // Each winning move leaves a P-position, by the brute force of the test kit.
    for after in report["winning_moves"].as_array().unwrap() {
        let mut total = 0;
        for part in after.as_array().unwrap() {
            let text = part.to_string().trim_matches('"').to_string();
            if text == "0" {
                continue;
            }
            let (_, list) = text.split_once(':').unwrap();
            let edges: Vec<(u32, u32)> = list
                .split(',')
                .map(|e| {
                    let (a, b) = e.split_once('-').unwrap();
                    (a.parse().unwrap(), b.parse().unwrap())
                })
                .collect();
            total ^= onag_testkit::hackenbush::green_hackenbush(&edges);
        }
        assert_eq!(total, 0, "{after}");
    }
    fails(
        &["value", "green-hackenbush", "3:1-2"],
        "no edge stands on the ground",
    );
    fails(&["value", "green-hackenbush", "3:0-5"], "not a vertex");
}
