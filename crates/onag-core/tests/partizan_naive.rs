//! The Conway algebra against games as plain trees compared by the definition (the test
//! kit's brute force), on random games born by day 3 and 4, and the counts of games born by
//! each day from the literature.

use std::collections::HashMap;
use std::rc::Rc;

use onag_core::partizan::{Dyadic, Form};
use onag_testkit::partizan::{Naive, Random, Tree, forms_by_day_two, next_day, tree_of};

/// The engine's form of a tree, built from its options.
fn form_of(tree: &Rc<Tree>, memo: &mut HashMap<*const Tree, (Rc<Tree>, Form)>) -> Form {
    // The tree is kept with its form, so that its address is not reused while remembered.
    if let Some((_, f)) = memo.get(&Rc::as_ptr(tree)) {
        return *f;
    }
    let left: Vec<Form> = tree.left.iter().map(|t| form_of(t, memo)).collect();
    let right: Vec<Form> = tree.right.iter().map(|t| form_of(t, memo)).collect();
    let f = Form::from_options(&left, &right).unwrap();
    memo.insert(Rc::as_ptr(tree), (tree.clone(), f));
    f
}

fn random_games(seed: u64, count: usize, day4: bool) -> Vec<Rc<Tree>> {
    let (_, day2) = forms_by_day_two();
    let mut random = Random(seed);
    let day3: Vec<Rc<Tree>> = (0..200).map(|_| random.game(&day2, 3)).collect();
    if !day4 {
        return day3.into_iter().take(count).collect();
    }
    (0..count).map(|_| random.game(&day3, 2)).collect()
}

#[test]
fn comparison_sum_and_negation_agree_with_the_definition() {
    for (seed, day4) in [(7, false), (11, true)] {
        let games = random_games(seed, 60, day4);
        let mut naive = Naive::default();
        let mut memo = HashMap::new();
        let forms: Vec<Form> = games.iter().map(|g| form_of(g, &mut memo)).collect();
        for (i, g) in games.iter().enumerate() {
            // The canonical form equals the game, and nothing in it simplifies further.
            let canonical = tree_of(forms[i]);
            assert!(
                naive.eq(&canonical, g),
                "{} is not equal to its tree",
                forms[i]
            );
            assert!(
                !naive.simplifiable_at_top(&canonical),
                "{} is not canonical",
                forms[i]
            );
            let negative = naive.neg(g);
            assert_eq!(form_of(&negative, &mut memo), forms[i].neg().unwrap());
            for (j, h) in games.iter().enumerate().take(25) {
                assert_eq!(
                    forms[i].leq(forms[j]).unwrap(),
                    naive.leq(g, h),
                    "{} <= {}",
                    forms[i],
                    forms[j]
                );
                if (i + j) % 4 == 0 {
                    let sum = naive.sum(g, h);
                    let engine = forms[i].add(forms[j]).unwrap();
                    assert!(
                        naive.eq(&tree_of(engine), &sum),
                        "{} + {} = {engine}?",
                        forms[i],
                        forms[j]
                    );
                }
            }
        }
    }
}

#[test]
fn games_born_by_each_day_number_1_4_22_1474() {
    // Siegel, Combinatorial Game Theory (2013), §III.1 (and Wolfe & Fraser, "Counting the
    // number of games", 2004): 1, 4, 22 and 1474 games are born by days 0 to 3.
    let day0 = vec![Form::zero()];
    let day1 = next_day(&day0);
    assert_eq!(day1.len(), 4);
    let day2 = next_day(&day1);
    assert_eq!(day2.len(), 22);
    let day3 = next_day(&day2);
    assert_eq!(day3.len(), 1474);
    for g in &day3 {
        assert!(g.birthday().unwrap() <= 3.into());
    }
    // The day-2 count by the definition alone: the 256 forms, up to equality, are 22.
    let (_, forms) = forms_by_day_two();
    let mut naive = Naive::default();
    let mut classes: Vec<Rc<Tree>> = Vec::new();
    for g in &forms {
        if !classes.iter().any(|c| naive.eq(c, g)) {
            classes.push(g.clone());
        }
    }
    assert_eq!(classes.len(), 22);
}

#[test]
fn theorems_about_stops_means_temperatures_and_cooling_hold_on_random_games() {
    let games = random_games(23, 40, true);
    let mut memo = HashMap::new();
    let forms: Vec<Form> = games.iter().map(|g| form_of(g, &mut memo)).collect();
    let zero = Dyadic::zero();
    for (i, &g) in forms.iter().enumerate() {
        // Siegel, CGT §II.5: the mean is additive, the temperature of a sum is at most the
        // greater of the two, and cooling by t >= 0 is additive.
        for &h in forms.iter().skip(i).take(6) {
            let s = g.add(h).unwrap();
            assert_eq!(
                s.mean().unwrap(),
                &g.mean().unwrap() + &h.mean().unwrap(),
                "{g} + {h}"
            );
            let most = g.temperature().unwrap().max(h.temperature().unwrap());
            assert!(
                s.temperature().unwrap() <= most.max(zero.clone()),
                "{g} + {h}"
            );
            for t in ["0", "1/2", "1", "3/2"] {
                let t: Dyadic = t.parse().unwrap();
                assert_eq!(
                    s.cool(&t).unwrap(),
                    g.cool(&t).unwrap().add(h.cool(&t).unwrap()).unwrap(),
                    "({g} + {h}) cooled by {t}"
                );
            }
            // Siegel, CGT §II.1: R(G) + R(H) <= R(G+H) <= R(G) + L(H) <= L(G+H) <= L(G) + L(H).
            let (lg, rg, lh, rh) = (
                g.left_stop().unwrap(),
                g.right_stop().unwrap(),
                h.left_stop().unwrap(),
                h.right_stop().unwrap(),
            );
            let (ls, rs) = (s.left_stop().unwrap(), s.right_stop().unwrap());
            assert!(
                &rg + &rh <= rs && rs <= &rg + &lh && &rg + &lh <= ls && ls <= &lg + &lh,
                "{g} + {h}"
            );
        }
        // The stops bracket the mean, and a number's stops are itself.
        let (l, r, m) = (
            g.left_stop().unwrap(),
            g.right_stop().unwrap(),
            g.mean().unwrap(),
        );
        assert!(r <= m && m <= l, "{g}");
        // Reduced canonical form: infinitesimally close to the game, and a fixed point.
        let reduced = g.reduced().unwrap();
        let d = g.sub(reduced).unwrap();
        assert_eq!(
            (d.left_stop().unwrap(), d.right_stop().unwrap()),
            (zero.clone(), zero.clone()),
            "{g}"
        );
        assert_eq!(reduced.reduced().unwrap(), reduced, "{g}");
        for e in ["^", "*", "Tiny(1)", "v*"] {
            let close = g.add(e.parse().unwrap()).unwrap();
            assert_eq!(close.reduced().unwrap(), reduced, "{g} + {e}");
        }
    }
}

#[test]
fn atomic_weights_of_known_games_and_their_additivity() {
    // Winning Ways ch. 8; Siegel, CGT §II.7: aw(n.^ + *m) = n, aw(*m) = 0, and atomic weight
    // is additive on all-small games.
    for (g, aw) in [
        ("^", "1"),
        ("^^", "2"),
        ("^3*", "3"),
        ("v*", "-1"),
        ("*5", "0"),
        ("0", "0"),
        ("{0|^*}", "2"),
    ] {
        let form: Form = g.parse().unwrap();
        assert_eq!(form.atomic_weight().unwrap().to_string(), aw, "{g}");
    }
    let all_small: Vec<Form> = ["^", "*", "{0|^*}", "{0,*|0}", "{0||0|*}", "^*2", "{*|v}"]
        .iter()
        .map(|t| t.parse().unwrap())
        .collect();
    for &g in &all_small {
        for &h in &all_small {
            let sum = g.add(h).unwrap();
            assert_eq!(
                sum.atomic_weight().unwrap(),
                g.atomic_weight()
                    .unwrap()
                    .add(h.atomic_weight().unwrap())
                    .unwrap(),
                "{g} + {h}"
            );
        }
    }
    assert!("1".parse::<Form>().unwrap().atomic_weight().is_err());
}

#[test]
fn every_form_printed_reads_back_as_itself() {
    // The printer and the reader are inverse on random forms, their sums and negatives, and
    // the forms of the algebra's special spellings.
    let games = random_games(31, 60, true);
    let mut memo = HashMap::new();
    let forms: Vec<Form> = games.iter().map(|g| form_of(g, &mut memo)).collect();
    let mut all = forms.clone();
    for pair in forms.windows(3) {
        all.push(pair[0].add(pair[1]).unwrap().add(pair[2]).unwrap());
        all.push(pair[0].sub(pair[1]).unwrap());
    }
    for text in [
        "vv",
        "2vv*",
        "v3",
        "^^*5",
        "Tiny(2)",
        "2Tiny(1/2)",
        "Miny(3)",
        "+-(1*)",
        "{1|0}+{1|0}+{1|0}",
        "-7/8v*3",
    ] {
        all.push(text.parse().unwrap());
    }
    for f in all {
        let printed = f.to_string();
        let read: Form = printed.parse().unwrap_or_else(|e| panic!("{printed}: {e}"));
        assert_eq!(read, f, "{printed}");
    }
}
