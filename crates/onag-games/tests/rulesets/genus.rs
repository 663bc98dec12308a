//! Conway's genus against its definition, computed by a brute force written for this test: for
//! `k >= 1`, `γk` is the misère Grundy value of the game beside `k - 1` heaps of 2 (Conway, *On
//! Numbers and Games*, ch. 12; Winning Ways, ch. 13), and `γ0` the normal-play value. And the
//! misère play of sums of tame games by the genus rule, against the misère search of the sums.

use std::collections::HashMap;

use onag_core::{Genus, GenusSolver, MisereSolver, Tameness, Unhinted};
use onag_games::{Bash, HeapGame, HeapRuleset, Heaps, TakeAndBreak};

/// A position of the brute force: the game's heaps (sorted), and how many nim heaps of 1 and 2
/// stand beside them.
type Position = (Vec<u64>, u32, u32);

/// The misère (or normal) Grundy value of a position, by the plain recursive definition.
struct Brute<'a, R> {
    rules: &'a R,
    misere: bool,
    memo: HashMap<Position, u64>,
}

impl<R: HeapRuleset> Brute<'_, R> {
    fn value(&mut self, position: &Position) -> u64 {
        if let Some(&v) = self.memo.get(position) {
            return v;
        }
        let (heaps, ones, twos) = position.clone();
        let mut options: Vec<Position> = Vec::new();
        for (i, &n) in heaps.iter().enumerate() {
            for left in self.rules.heap_moves(n) {
                let mut next: Vec<u64> = heaps.clone();
                next.remove(i);
                next.extend(left.to_vec().into_iter().filter(|&h| h > 0));
                next.sort_unstable();
                options.push((next, ones, twos));
            }
        }
        if ones > 0 {
            options.push((heaps.clone(), ones - 1, twos));
        }
        if twos > 0 {
            options.push((heaps.clone(), ones, twos - 1));
            options.push((heaps.clone(), ones + 1, twos - 1));
        }
        let value = if options.is_empty() {
            u64::from(self.misere)
        } else {
            let seen: Vec<u64> = options.iter().map(|o| self.value(o)).collect();
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        self.memo.insert(position.clone(), value);
        value
    }
}

fn brute_gamma<R: HeapRuleset>(rules: &R, heaps: &[u64], k: u32) -> u64 {
    let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sorted.sort_unstable();
    let mut brute = Brute {
        rules,
        misere: k > 0,
        memo: HashMap::new(),
    };
    brute.value(&(sorted, 0, k.saturating_sub(1)))
}

fn check_genus_against_definition(rules: TakeAndBreak, positions: &[&[u64]]) {
    let mut solver = GenusSolver::new(HeapGame(rules.clone()));
    for heaps in positions {
        let genus = solver.genus(&Heaps::from(heaps.to_vec())).unwrap();
        for k in 0..8 {
            assert_eq!(
                genus.gamma(k as usize),
                brute_gamma(&rules, heaps, k),
                "γ{k} of {heaps:?} (genus {genus})"
            );
        }
    }
}

#[test]
fn kayles_heaps_and_sums_have_the_genus_of_the_definition() {
    let singles: Vec<Vec<u64>> = (0..=11).map(|n| vec![n]).collect();
    let mut positions: Vec<&[u64]> = singles.iter().map(Vec::as_slice).collect();
    positions.extend([&[1u64, 2][..], &[2, 3], &[1, 1, 4], &[3, 5], &[2, 2, 6]]);
    // Sums whose options hold pairs of heaps of 1, which the solver cancels (*1 + *1 = 0).
    positions.extend([
        &[1u64, 1, 5, 6][..],
        &[1, 1, 1, 7],
        &[1, 1, 2, 2, 6],
        &[4, 4, 4],
    ]);
    check_genus_against_definition(TakeAndBreak::kayles(), &positions);
}

#[test]
fn dawsons_chess_heaps_have_the_genus_of_the_definition() {
    let singles: Vec<Vec<u64>> = (0..=12).map(|n| vec![n]).collect();
    let mut positions: Vec<&[u64]> = singles.iter().map(Vec::as_slice).collect();
    positions.extend([&[3u64, 4][..], &[1, 5, 2]]);
    check_genus_against_definition(TakeAndBreak::dawsons_chess(), &positions);
}

#[test]
fn nim_heaps_have_conways_genera() {
    // ONAG ch. 12: 0^{120}, 1^{031}, and a^{a(a⊕2)} for a >= 2.
    assert_eq!(Genus::nim_heap(0).to_string(), "0^{120}");
    assert_eq!(Genus::nim_heap(1).to_string(), "1^{031}");
    assert_eq!(Genus::nim_heap(2).to_string(), "2^{20}");
    assert_eq!(Genus::nim_heap(3).to_string(), "3^{31}");
    assert_eq!(Genus::nim_heap(12).to_string(), "12^{12,14}");
    // The genus computed from the options of *n (every smaller heap) is the same.
    let mut heaps: Vec<Genus> = Vec::new();
    for n in 0..20u64 {
        let genus = Genus::from_options(heaps.iter());
        assert_eq!(genus, Genus::nim_heap(n), "*{n}");
        heaps.push(genus);
    }
}

/// Every sum of up to three tame heaps of `rules` (heaps up to `largest`): the genus rule
/// predicts the misère outcome the search finds with every hook hidden.
fn tame_sums_follow_the_rule<R: HeapRuleset + Clone>(rules: R, largest: u64) -> usize {
    let mut genus = GenusSolver::new(HeapGame(rules.clone()));
    let mut search = MisereSolver::new(Unhinted(HeapGame(rules)));
    let mut tame: Vec<(u64, Genus)> = Vec::new();
    for n in 0..=largest {
        let heap = Heaps::one(n);
        if genus.tameness(&heap).unwrap() == Tameness::Tame {
            tame.push((n, genus.genus(&heap).unwrap()));
        }
    }
    let mut checked = 0;
    for (i, (a, ga)) in tame.iter().enumerate() {
        for (j, (b, gb)) in tame.iter().enumerate().skip(i) {
            for (c, gc) in tame.iter().skip(j) {
                let rule = Genus::tame_sum([ga, gb, gc]).unwrap();
                let position = Heaps::from([*a, *b, *c]);
                assert_eq!(
                    search.outcome(&position).unwrap(),
                    rule.misere_outcome(),
                    "{position}"
                );
                // The solver values the sum itself by the same rule.
                assert_eq!(genus.genus(&position).unwrap(), rule, "{position}");
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn sums_of_tame_heaps_are_played_by_the_genus_rule() {
    assert!(tame_sums_follow_the_rule(Bash::new(3).unwrap(), 14) > 500);
    assert!(tame_sums_follow_the_rule(TakeAndBreak::subtraction([1, 3, 4]).unwrap(), 14) > 100);
    assert!(tame_sums_follow_the_rule(TakeAndBreak::octal("0.312").unwrap(), 10) > 10);
    assert!(tame_sums_follow_the_rule(TakeAndBreak::kayles(), 10) > 10);
}

#[test]
fn a_wild_game_is_not_tame_and_its_options_decide_restive() {
    // Kayles: heaps up to 3 are tame; the solver's classes agree with the definition: tame
    // when the genus and every option's are tame, restive when only the options are.
    let mut solver = GenusSolver::new(HeapGame(TakeAndBreak::kayles()));
    let mut classes = Vec::new();
    for n in 0..12u64 {
        classes.push(solver.tameness(&Heaps::one(n)).unwrap());
    }
    assert_eq!(classes[..4], [Tameness::Tame; 4]);
    for n in 0..12u64 {
        let genus = solver.genus(&Heaps::one(n)).unwrap();
        let options: Vec<Tameness> = TakeAndBreak::kayles()
            .heap_moves(n)
            .map(|o| solver.tameness(&o).unwrap())
            .collect();
        let expected = match (
            options.iter().all(|&t| t == Tameness::Tame),
            genus.is_tame(),
        ) {
            (true, true) => Tameness::Tame,
            (true, false) => Tameness::Restive,
            (false, _) => Tameness::Wild,
        };
        assert_eq!(classes[n as usize], expected, "heap {n}: {genus}");
    }
    assert!(classes.contains(&Tameness::Wild));
    // Heap 5 is restive; beside two heaps of 1 it is wild, by the definition: the option
    // 1 + 5 has the restive 5 among its options. (The solver cancels two heaps of 1 in the
    // options it looks at, never in the position asked about.)
    assert_eq!(classes[5], Tameness::Restive);
    assert_eq!(
        solver.tameness(&Heaps::from([1, 1, 5])).unwrap(),
        Tameness::Wild
    );
    assert_eq!(
        solver.tameness(&Heaps::from([1, 5])).unwrap(),
        Tameness::Wild
    );
}

#[test]
fn octal_0_312_heaps_have_plambecks_genera() {
    // T. E. Plambeck's misère pages on 0.312 (plambeck.org, misère games) list the genera of
    // heaps 1 to 6 as 1^{03131}, 2^{20}, 0^{02}, 2^{1420}, 0^{02}, 1^{13}; a genus is written
    // up to any point past the start of its alternation, so γ0..γ6 are compared.
    let published: [(u64, &[u64]); 6] = [
        (1, &[1, 0, 3, 1, 3, 1]),
        (2, &[2, 2, 0]),
        (3, &[0, 0, 2]),
        (4, &[2, 1, 4, 2, 0]),
        (5, &[0, 0, 2]),
        (6, &[1, 1, 3]),
    ];
    let genera = onag_games::heap_genera(
        &TakeAndBreak::octal("0.312").unwrap(),
        6,
        Default::default(),
        &mut |_| {},
    )
    .unwrap();
    for (heap, written) in published {
        let (genus, _) = &genera[heap as usize];
        for k in 0..7 {
            // The written digits, then their last two alternating.
            let expected = if k < written.len() {
                written[k]
            } else {
                written[written.len() - 2 + (k - (written.len() - 2)) % 2]
            };
            assert_eq!(genus.gamma(k), expected, "γ{k} of heap {heap}: {genus}");
        }
    }
}

#[test]
fn kayles_heaps_of_one_quotient_element_have_different_misere_values() {
    // The misère quotient of Kayles (certified, order 40) sends heaps 27 and 33 to one element:
    // they are alike in every sum of Kayles heaps, as the brute force confirms for every sum
    // with up to four more pins. Yet their misère Grundy values differ (8 and 10, by the
    // definition), so g⁻ and the genus of a wild heap are not functions of its element, and
    // `sequence --misere` computes them from the definition rather than from the quotient.
    let kayles = TakeAndBreak::kayles();
    let quotient =
        onag_games::misere_quotient(&kayles, 200, Some((2, 2)), Default::default(), &mut |_| {})
            .unwrap();
    assert!(quotient.certified());
    assert_eq!(quotient.quotient.phi(27), quotient.quotient.phi(33));
    assert_eq!(brute_gamma(&kayles, &[27], 1), 8);
    assert_eq!(brute_gamma(&kayles, &[33], 1), 10);
    let mut brute = Brute {
        rules: &kayles,
        misere: true,
        memo: HashMap::new(),
    };
    let mut others: Vec<Vec<u64>> = vec![vec![]];
    for heaps in [
        vec![1],
        vec![2],
        vec![3],
        vec![4],
        vec![1, 1],
        vec![1, 2],
        vec![1, 3],
    ] {
        others.push(heaps);
    }
    others.extend([vec![2, 2], vec![1, 1, 1], vec![1, 1, 2], vec![1, 1, 1, 1]]);
    for other in others {
        let outcome = |heap: u64, brute: &mut Brute<'_, TakeAndBreak>| {
            let mut heaps = other.clone();
            heaps.push(heap);
            heaps.sort_unstable();
            brute.value(&(heaps, 0, 0)) == 0
        };
        assert_eq!(
            outcome(27, &mut brute),
            outcome(33, &mut brute),
            "27 and 33 beside {other:?}"
        );
    }
}
