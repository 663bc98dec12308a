//! Misère quotients against the misère search of the sums they predict (the oracle for a
//! quotient: a quotient compared with itself proves nothing), and against Plambeck's quotient of
//! 0.75 (*Taming the wild in impartial combinatorial games*, INTEGERS 5 (2005) G05).

use onag_core::{Budget, MisereSolver, Outcome, Unhinted};
use onag_games::{HeapGame, HeapQuotient, HeapRuleset, Heaps, Nim, TakeAndBreak, misere_quotient};
use proptest::prelude::*;

fn quotient_of(code: &str, last: u64) -> (TakeAndBreak, HeapQuotient) {
    let game = TakeAndBreak::octal(code).unwrap();
    let proof = Some((game.max_take().unwrap(), game.max_parts()));
    let quotient = misere_quotient(&game, last, proof, Budget::DEFAULT, &mut |_| {}).unwrap();
    (game, quotient)
}

/// Every sum of up to three heaps up to `largest`, and up to four up to `largest / 2`: the
/// quotient's outcome is the search's.
fn predicts_every_small_sum<R: HeapRuleset + Clone>(
    rules: R,
    quotient: &HeapQuotient,
    largest: u64,
) {
    let mut search = MisereSolver::new(Unhinted(HeapGame(rules)));
    let mut check = |heaps: Vec<u64>| {
        let class = quotient
            .product(heaps.iter().copied())
            .expect("heaps within reach");
        let predicted = if quotient.quotient.is_p(class) {
            Outcome::Previous
        } else {
            Outcome::Next
        };
        let position = Heaps::from(heaps);
        assert_eq!(search.outcome(&position).unwrap(), predicted, "{position}");
    };
    for a in 0..=largest {
        for b in a..=largest {
            for c in b..=largest {
                check(vec![a, b, c]);
            }
        }
    }
    let half = largest / 2;
    for a in 0..=half {
        for b in a..=half {
            for c in b..=half {
                for d in c..=half {
                    check(vec![a, b, c, d]);
                }
            }
        }
    }
}

#[test]
fn octal_0_75_has_plambecks_quotient() {
    // Plambeck 2005: ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩, order 8, P-portion {a, b²}.
    let (game, q) = quotient_of("0.75", 200);
    assert!(q.certified());
    assert_eq!(q.quotient.order(), 8);
    let presentation = q.quotient.presentation();
    let mut relations: Vec<String> = presentation
        .relations
        .iter()
        .map(|(l, r)| format!("{} = {}", presentation.write(l), presentation.write(r)))
        .collect();
    relations.sort();
    assert_eq!(relations, ["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"]);
    let mut p: Vec<String> = q
        .quotient
        .p_portion()
        .iter()
        .map(|&x| presentation.word(x))
        .collect();
    p.sort();
    assert_eq!(p, ["a", "b^2"]);
    predicts_every_small_sum(game, &q, 10);
}

#[test]
fn kayles_quotient_is_certified_and_predicts_the_search() {
    let (game, q) = quotient_of("0.77", 400);
    assert!(q.certified(), "{:?}", q.stopped);
    // Φ has the period of Kayles' Grundy values (12, from heap 71: OEIS A002186).
    let period = q.period.unwrap();
    assert_eq!(period.period, 12);
    predicts_every_small_sum(game.clone(), &q, 10);
    // Pairs of larger heaps.
    let mut search = MisereSolver::new(Unhinted(HeapGame(game)));
    for a in [13u64, 16, 18] {
        for b in [1u64, 2, 5, 9, 11, 14] {
            let class = q.product([a, b]).unwrap();
            let position = Heaps::from([a, b]);
            assert_eq!(
                search.outcome(&position).unwrap() == Outcome::Previous,
                q.quotient.is_p(class),
                "{position}"
            );
        }
    }
}

#[test]
fn partial_quotients_of_wild_games_predict_the_search() {
    // Dawson's chess, Dawson's Kayles, 0.312 and 0.6: whatever was reached is verified.
    for (code, last, largest) in [
        ("0.137", 16, 9),
        ("0.07", 16, 9),
        ("0.312", 60, 9),
        ("0.6", 12, 8),
    ] {
        let (game, q) = quotient_of(code, last);
        let reach = q.quotient.heap_reached().min(largest);
        predicts_every_small_sum(game, &q, reach);
    }
}

/// Sums of one of `large` with one heap up to `pairs`, or with two up to `triples`: the
/// quotient's outcome is the search's.
fn predicts_sums_with_large_heaps<R: HeapRuleset + Clone>(
    rules: R,
    quotient: &HeapQuotient,
    large: &[u64],
    pairs: u64,
    triples: u64,
) {
    let mut search = MisereSolver::new(Unhinted(HeapGame(rules)));
    let mut sums: Vec<Vec<u64>> = Vec::new();
    for &a in large {
        sums.extend((0..=pairs).map(|b| vec![a, b]));
        for b in 1..=triples {
            sums.extend((b..=triples).map(|c| vec![a, b, c]));
        }
    }
    for heaps in sums {
        let class = quotient.product(heaps.iter().copied()).unwrap();
        let position = Heaps::from(heaps);
        assert_eq!(
            search.outcome(&position).unwrap() == Outcome::Previous,
            quotient.quotient.is_p(class),
            "{position}"
        );
    }
}

#[test]
fn wild_quotients_grow_past_where_the_presentation_changes() {
    // Siegel (answering Weimerskirch on Plambeck's blog miseregames, 28 August 2007): the
    // quotient of Dawson's Kayles 0.07 with heaps up to 30 has order 360. Heap n of Dawson's
    // chess 0.137 is heap n + 1 of 0.07 (the same game), so 0.137 up to 29 has it too. Heaps 24,
    // 26 and 29 of 0.137 split classes of the smaller heaps, where the quotient is recalibrated.
    let (game, q) = quotient_of("0.07", 30);
    assert_eq!((q.quotient.heap_reached(), q.quotient.order()), (30, 360));
    predicts_sums_with_large_heaps(game, &q, &[25, 27, 30], 10, 4);
    let (game, q) = quotient_of("0.137", 29);
    assert_eq!((q.quotient.heap_reached(), q.quotient.order()), (29, 360));
    predicts_sums_with_large_heaps(game, &q, &[24, 26, 29], 14, 6);
}

#[test]
fn misere_nim_quotients_grow_as_plambeck_and_siegel_say() {
    // Plambeck & Siegel 2008: heaps of Nim up to 2^k - 1 ... the quotient of heaps 1 and 2 is
    // ⟨a, b | a² = 1, b³ = b⟩ (order 6); each further heap of Nim up to 3 adds to it.
    let q = misere_quotient(&Nim, 2, None, Budget::DEFAULT, &mut |_| {}).unwrap();
    assert_eq!(q.quotient.order(), 6);
    assert_eq!(
        q.quotient.presentation().to_string(),
        "⟨a, b | a^2 = 1, b^3 = b⟩"
    );
    let q = misere_quotient(&Nim, 5, None, Budget::DEFAULT, &mut |_| {}).unwrap();
    assert!(q.stopped.is_none());
    predicts_every_small_sum(Nim, &q, 5);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    /// Random octal codes of two digits: the quotient reached predicts random sums.
    #[test]
    fn random_octal_quotients_predict_the_search(
        d1 in 1u8..8,
        d2 in 0u8..8,
        heaps in prop::collection::vec(0u64..=8, 1..=4),
    ) {
        let code = format!("0.{d1}{d2}");
        let game = TakeAndBreak::octal(&code).unwrap();
        let proof = Some((game.max_take().unwrap(), game.max_parts()));
        let q = misere_quotient(&game, 10, proof, Budget::DEFAULT, &mut |_| {}).unwrap();
        let heaps: Vec<u64> = heaps.into_iter().filter(|&h| h <= q.quotient.heap_reached()).collect();
        let class = q.product(heaps.iter().copied()).unwrap();
        let position = Heaps::from(heaps);
        let searched = MisereSolver::new(Unhinted(HeapGame(game))).outcome(&position).unwrap();
        prop_assert_eq!(searched == Outcome::Previous, q.quotient.is_p(class), "{} {}", code, position);
    }
}

fn checkpoint_at(path: &std::path::Path, game: &str) -> onag_games::QuotientCheckpoint {
    onag_games::QuotientCheckpoint {
        path: path.to_path_buf(),
        game: game.to_string(),
        every: std::time::Duration::ZERO,
    }
}

#[test]
fn a_resumed_quotient_equals_an_uninterrupted_one() {
    let directory = onag_testkit::scratch::Scratch::new("quotient");
    let path = directory.join("kayles.ckpt");
    let kayles = TakeAndBreak::kayles();
    let proof = Some((2, 2));
    let checkpoint = checkpoint_at(&path, "kayles");
    let whole = misere_quotient(&kayles, 400, proof, Budget::DEFAULT, &mut |_| {}).unwrap();
    // Stopped at heap 60, then resumed to the end.
    let part = onag_games::misere_quotient_checkpointed(
        &kayles,
        60,
        proof,
        Budget::DEFAULT,
        Some(&checkpoint),
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(part.quotient.heap_reached(), 60);
    let mut first = None;
    let resumed = onag_games::misere_quotient_checkpointed(
        &kayles,
        400,
        proof,
        Budget::DEFAULT,
        Some(&checkpoint),
        &mut |n| {
            first.get_or_insert(n);
        },
    )
    .unwrap();
    assert_eq!(first, Some(61), "the run resumed after heap 60");
    assert!(resumed.certified());
    assert!(
        resumed
            .quotient
            .pretending()
            .eq(whole.quotient.pretending())
    );
    assert_eq!(resumed.quotient.p_portion(), whole.quotient.p_portion());
    assert_eq!(resumed.period, whole.period);
    assert_eq!(
        resumed.quotient.presentation().to_string(),
        whole.quotient.presentation().to_string()
    );
    // The checkpoint of another game is refused.
    let other = checkpoint_at(&path, "dawson-chess");
    assert!(
        onag_games::misere_quotient_checkpointed(
            &TakeAndBreak::dawsons_chess(),
            10,
            proof,
            Budget::DEFAULT,
            Some(&other),
            &mut |_| {},
        )
        .is_err()
    );
}

#[test]
fn a_saved_quotient_is_verified_again_when_read() {
    use onag_core::MisereQuotient;
    let (_, q) = quotient_of("0.75", 30);
    let bytes = q.quotient.to_bytes();
    assert_eq!(
        MisereQuotient::from_bytes(&bytes, Budget::DEFAULT)
            .unwrap()
            .order(),
        8
    );
    // One P bit changed (a well-formed file whose quotient is wrong): refused.
    let order = q.quotient.order();
    let p_at = 24 + order * order * 4;
    for x in 0..order {
        let mut changed = bytes.clone();
        changed[p_at + x] ^= 1;
        assert!(
            MisereQuotient::from_bytes(&changed, Budget::DEFAULT).is_err(),
            "P bit {x}"
        );
    }
    // A product changed: refused.
    let mut changed = bytes.clone();
    changed[24] ^= 1;
    assert!(MisereQuotient::from_bytes(&changed, Budget::DEFAULT).is_err());
    // Cut short, or with a huge count: refused without allocating it.
    assert!(MisereQuotient::from_bytes(&bytes[..bytes.len() - 3], Budget::DEFAULT).is_err());
    let mut huge = bytes.clone();
    huge[..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(MisereQuotient::from_bytes(&huge, Budget::DEFAULT).is_err());
}

/// A heap of 10^12 is not scanned for its winning moves: the splits whose smaller part is within
/// Φ's preperiod and period hold every class (`TakeAndBreak::window_moves`). Against the scan of
/// every option, on heaps past the window and past the heaps computed: the window's winning moves
/// are among the scan's, and each heap that has one in the scan has one in the window.
#[test]
fn winning_moves_from_the_window_are_those_of_every_option() {
    for code in ["0.77", "0.75"] {
        let (game, q) = quotient_of(code, 400);
        let period = q.period.filter(|period| period.proven).unwrap();
        let window = period.preperiod + period.period;
        let mut compared = 0;
        for n in (2 * window..=2 * window + 40).chain(590..=620) {
            for rest in [vec![], vec![1], vec![2, 3], vec![5, 7], vec![n + 1]] {
                let mut heaps = vec![n];
                heaps.extend(rest);
                let every = q
                    .winning_moves(|m| game.heap_moves(m), &heaps, usize::MAX, u64::MAX)
                    .unwrap();
                let windowed = q
                    .winning_moves(
                        |m| game.window_moves(m, window).unwrap().0,
                        &heaps,
                        usize::MAX,
                        u64::MAX,
                    )
                    .unwrap();
                assert!(
                    windowed.iter().all(|found| every.contains(found)),
                    "{heaps:?}"
                );
                let movers = |moves: &[(usize, Heaps)]| {
                    let mut movers: Vec<usize> = moves.iter().map(|(heap, _)| *heap).collect();
                    movers.dedup();
                    movers
                };
                assert_eq!(movers(&windowed), movers(&every), "{code} {heaps:?}");
                compared += usize::from(!every.is_empty());
            }
        }
        // Most of these sums are N-positions, so the comparison is not of empty lists.
        assert!(compared > 100, "{code}: {compared}");
    }
}

/// A quotient stopped by the budget names the budget the user gave: Kayles under 1 KiB stopped
/// at "the limit of 512 bytes" (the half its exact table may take), and still reports the
/// heaps it settled, right as far as they go.
#[test]
fn a_quotient_stopped_by_memory_names_the_budget_given() {
    let game = TakeAndBreak::octal("0.77").unwrap();
    let tight = Budget {
        memory: 1024,
        ..Budget::DEFAULT
    };
    let q = misere_quotient(&game, 20, None, tight, &mut |_| {}).unwrap();
    let stopped = q
        .stopped
        .clone()
        .expect("1 KiB holds no quotient of Kayles to 20");
    assert!(stopped.contains("1024 bytes"), "{stopped}");
    predicts_every_small_sum(game, &q, q.quotient.heap_reached());
}

/// A bound of the method (how many positions relearning may use) is not said as a limit the
/// user could raise: Grundy's game stops at heap 29 on it, and said "the limit of 524288
/// remembered positions" while --max-positions was 10^8.
#[test]
fn a_bound_of_the_method_is_not_said_as_the_users_limit() {
    let game = TakeAndBreak::grundys_game();
    let q = misere_quotient(&game, 30, None, Budget::DEFAULT, &mut |_| {}).unwrap();
    if let Some(stopped) = &q.stopped {
        let named = Budget::DEFAULT.positions.to_string();
        assert!(
            !stopped.contains("remembered positions") || stopped.contains(&named),
            "{stopped}"
        );
    }
    // The search below sees every order of the heaps (its hooks hidden), and Grundy's game
    // keeps every counter: three heaps of 8 are as far as it goes in seconds.
    assert!(q.quotient.heap_reached() >= 8);
    predicts_every_small_sum(game, &q, 8);
}

/// When a heap is settled neither by recalibration nor by learning afresh, both are said: the
/// stop named only the second ("learning the quotient of heap 33 afresh needs more than 524288
/// positions"), as if recalibration had not been tried. Dawson's chess (0.137) stops so at heap
/// 33 within 256 MiB, its partial quotient right on the sums of heaps it settled.
#[test]
fn a_heap_neither_way_settles_names_both() {
    let game = TakeAndBreak::octal("0.137").unwrap();
    let budget = Budget {
        memory: 256 << 20,
        ..Budget::DEFAULT
    };
    let q = misere_quotient(&game, 33, None, budget, &mut |_| {}).unwrap();
    assert_eq!(q.quotient.heap_reached(), 32);
    let stopped = q.stopped.clone().expect("heap 33 is not settled");
    assert!(stopped.contains("recalibration gave up"), "{stopped}");
    assert!(stopped.contains("afresh"), "{stopped}");
    predicts_every_small_sum(game, &q, 12);
}
