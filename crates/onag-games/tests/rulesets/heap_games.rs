//! Take-and-break games and the sequence engine against published tables (tests/oracles),
//! closed forms, and the brute-force solver.

use onag_core::{Nimber, Solver};
use onag_games::{GrundySequence, HeapGame, Heaps, Period, SplitNim, TakeAndBreak, Values};
use onag_testkit::oracles::{oracle, oracle_values};
use proptest::prelude::*;

fn sequence(game: &TakeAndBreak, last: u64) -> Vec<u64> {
    let sequence = GrundySequence::compute(game, last).unwrap();
    let values: Vec<u64> = sequence.iter().collect();
    assert_eq!(values.len() as u64, last + 1);
    values
}

#[test]
fn kayles_matches_oeis_a002186_and_its_period() {
    let oeis = oracle_values("kayles_0.77.json", "/oeis_A002186/terms");
    let expanded = oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let values = sequence(&TakeAndBreak::kayles(), 1199);
    assert_eq!(values[..oeis.len()], oeis[..]);
    assert_eq!(values, expanded);
    let computed = GrundySequence::compute(&TakeAndBreak::octal("0.77").unwrap(), 1199).unwrap();
    let period = computed.period().unwrap();
    // OEIS: periodic with period 12 from n = 71, last exception at n = 70.
    assert_eq!(
        (period.preperiod, period.period, period.saltus),
        (71, 12, 0)
    );
    assert!(period.proven);
}

#[test]
fn dawsons_chess_and_dawsons_kayles_match_oeis_a002187() {
    let chess = oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_source_values",
    );
    let chess_long = oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_chess_0.137/G_expanded_by_rule_0_to_999/values",
    );
    let values = sequence(&TakeAndBreak::dawsons_chess(), 999);
    assert_eq!(values[..chess.len()], chess[..]);
    assert_eq!(values, chess_long);
    let period = GrundySequence::compute(&TakeAndBreak::dawsons_chess(), 999)
        .unwrap()
        .period()
        .unwrap();
    // OEIS A002187: period 34, last exception at n = 51.
    assert_eq!((period.preperiod, period.period), (52, 34));
    assert!(period.proven);

    let kayles = oracle_values(
        "dawson_0.07_and_0.137.json",
        "/dawsons_kayles_0.07/G_expanded_by_rule_0_to_999/values",
    );
    let values = sequence(&TakeAndBreak::dawsons_kayles(), 999);
    assert_eq!(values, kayles);
    let period = GrundySequence::compute(&TakeAndBreak::dawsons_kayles(), 999)
        .unwrap()
        .period()
        .unwrap();
    assert_eq!((period.preperiod, period.period), (53, 34));
}

#[test]
fn octal_four_is_dawsons_chess_shifted_by_two() {
    // Czajka's table: .4 has the values of .137 shifted by 2 (OEIS A002187 comment).
    let expected = oracle_values(
        "dawson_0.07_and_0.137.json",
        "/game_0.4/tczajka_values_0_to_87",
    );
    let values = sequence(
        &TakeAndBreak::octal("0.4").unwrap(),
        expected.len() as u64 - 1,
    );
    assert_eq!(values, expected);
}

#[test]
fn grundys_game_matches_oeis_a002188_and_flammenkamp() {
    let oeis = oracle_values("grundys_game.json", "/G_source_values");
    let values = sequence(&TakeAndBreak::grundys_game(), 231);
    assert_eq!(values[..oeis.len()], oeis[..]);
    let sparse = oracle("grundys_game.json")["flammenkamp_sparse_values_excerpt"].clone();
    for (n, value) in sparse.as_object().unwrap() {
        let n: usize = n.parse().unwrap();
        assert_eq!(values[n], value.as_u64().unwrap(), "G({n})");
    }
    // Grundy's game written as a code parses to the same ruleset.
    assert_eq!(
        TakeAndBreak::general("4!.0").unwrap(),
        TakeAndBreak::grundys_game()
    );
}

#[test]
fn lasker_nim_follows_its_published_rule() {
    // Ferguson 4.4: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3.
    let expected = oracle_values(
        "closed_forms_lasker_and_others.json",
        "/lasker_nim/G_expanded_by_rule_0_to_99/values",
    );
    let lasker = TakeAndBreak::general("4.[3]").unwrap();
    let values = sequence(&lasker, 99);
    assert_eq!(values, expected);
    let period = GrundySequence::compute(&lasker, 2000)
        .unwrap()
        .period()
        .unwrap();
    assert_eq!((period.preperiod, period.period, period.saltus), (1, 4, 4));
    assert!(!period.proven, "an infinite code is never proven");
    // Ferguson's worked example: (2, 5, 7) has values 2, 5, 8 and nim-sum 15; split 7 into
    // 1 + 6 to reach the P-position (1, 2, 5, 6).
    let mut solver = Solver::new(HeapGame(lasker));
    assert_eq!(
        solver.grundy(&Heaps::from([2, 5, 7])).unwrap(),
        Nimber::new(15)
    );
    let winning = solver.winning_moves(&Heaps::from([2, 5, 7])).unwrap();
    assert!(winning.contains(&Heaps::from([2, 5, 1, 6])), "{winning:?}");
}

#[test]
fn subtraction_games_match_ferguson() {
    let expected = oracle_values("subtraction_games.json", "/S_1_2_3/source_table_x_0_to_14");
    let game = TakeAndBreak::subtraction([1, 2, 3]).unwrap();
    assert_eq!(sequence(&game, 14), expected);
    let period = GrundySequence::compute(&game, 100)
        .unwrap()
        .period()
        .unwrap();
    assert_eq!(
        (period.preperiod, period.period, period.proven),
        (0, 4, true)
    );
    // S = {1, 3, 4}: P-positions are n mod 7 in {0, 2}.
    let game = TakeAndBreak::subtraction([1, 3, 4]).unwrap();
    let long = GrundySequence::compute(&game, 10u64.pow(18)).unwrap();
    assert_eq!(long.period().map(|p| p.period), Some(7));
    // 10^18 = 1 (mod 7), since 10^6 = 1 (mod 7) by Fermat: so 10^18 - 1 and 10^18 + 1 are P.
    for n in [0, 2, 7, 9, 100, 10u64.pow(18) - 1, 10u64.pow(18) + 1] {
        assert_eq!(long.value(n), Some(0), "{n}");
    }
    assert_ne!(long.value(10u64.pow(18)), Some(0));
}

#[test]
fn all_but_subtraction_is_arithmetically_periodic() {
    // All-but {}: Nim, G(n) = n: period 1, saltus 1.
    let nim = GrundySequence::compute(&TakeAndBreak::all_but([]).unwrap(), 300).unwrap();
    let period = nim.period().unwrap();
    assert_eq!((period.period, period.saltus), (1, 1));
    assert!(nim.iter().enumerate().all(|(n, value)| value == n as u64));
    // Every saltus found is re-checked by verify against the engine's own values.
    let game = TakeAndBreak::all_but([1, 2]).unwrap();
    let sequence = GrundySequence::compute(&game, 3000).unwrap();
    let period = sequence.period().unwrap();
    assert!(period.saltus > 0 && period.verify(sequence.values()));
}

#[test]
fn guy_smith_needs_enough_values() {
    // Kayles: proof needs 2 * 71 + 12 + 2 = 156 values checked periodic, so 168 values in all.
    let short = GrundySequence::compute(&TakeAndBreak::kayles(), 160).unwrap();
    assert!(short.period().is_none_or(|period| !period.proven));
    assert_eq!(short.value(1000), None, "no extension without a proof");
    let long = GrundySequence::compute(&TakeAndBreak::kayles(), 400).unwrap();
    assert!(long.period().unwrap().proven);
}

#[test]
fn huge_heaps_are_answered_from_the_proven_period() {
    let expanded = oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let kayles = GrundySequence::compute(&TakeAndBreak::kayles(), u64::MAX).unwrap();
    for n in [10u64.pow(18), u64::MAX, 123_456_789_012] {
        // The period 12 from 71: G(n) = G(71 + (n - 71) mod 12), read in the oracle table.
        let expected = expanded[(71 + (n - 71) % 12) as usize];
        assert_eq!(kayles.value(n), Some(expected));
    }
}

#[test]
fn period_verify_rejects_false_claims() {
    let values: Values = oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values")
        .into_iter()
        .collect();
    let claim = |preperiod, period| Period {
        preperiod,
        period,
        saltus: 0,
        proven: false,
    };
    assert!(claim(71, 12).verify(&values));
    assert!(claim(71, 24).verify(&values));
    assert!(!claim(70, 12).verify(&values));
    assert!(!claim(71, 11).verify(&values));
}

#[test]
fn sparse_method_agrees_with_the_plain_scan() {
    // 0.16 is sparse by value, 0.106 only by value and heap parity, Grundy's game (splits into
    // unequal heaps only) by value: the engine switches to the rare/common method after 2048
    // values. The generic path values every option with no shortcut at all.
    for code in ["0.16", "0.106", "0.6", "4!.0"] {
        let game = if code == "4!.0" {
            TakeAndBreak::grundys_game()
        } else {
            TakeAndBreak::octal(code).unwrap()
        };
        // Grundy's game has more than a quarter of its heaps rare until past 8192.
        let last = if code == "4!.0" { 12_000 } else { 6000 };
        let engine = GrundySequence::compute(&game, last).unwrap();
        if code != "0.6" {
            assert!(engine.used_sparse_method(), "{code}");
        }
        let plain = GrundySequence::compute_any(&game, last).unwrap();
        assert_eq!(
            engine.iter().collect::<Vec<_>>(),
            plain.iter().collect::<Vec<_>>(),
            "{code}"
        );
    }
}

#[test]
fn split_nim_through_the_generic_path_matches_the_solver() {
    let sequence = GrundySequence::compute_any(&SplitNim, 40).unwrap();
    let mut solver = Solver::new(HeapGame(SplitNim));
    for n in 0..=40 {
        assert_eq!(
            sequence.value(n),
            Some(solver.grundy(&Heaps::one(n)).unwrap().value())
        );
    }
}

#[test]
fn invalid_codes_name_the_bad_character() {
    use onag_games::Error;
    let cases = [
        ("0.78", 4, '8'),
        ("0.7x", 4, 'x'),
        ("1.7", 1, '1'),
        ("0.7.7", 4, '.'),
    ];
    for (code, index, character) in cases {
        match TakeAndBreak::octal(code) {
            Err(Error::InvalidCode {
                index: i,
                character: c,
                ..
            }) => assert_eq!((i, c), (index, character), "{code}"),
            other => panic!("{code}: {other:?}"),
        }
    }
    for code in ["77", "0.000"] {
        assert!(
            matches!(TakeAndBreak::octal(code), Err(Error::MalformedCode { .. })),
            "{code}"
        );
    }
    for code in ["0.[f]", "0.[3", "0.g"] {
        assert!(
            matches!(TakeAndBreak::general(code), Err(Error::InvalidCode { .. })),
            "{code}"
        );
    }
}

/// An octal or hexadecimal code of up to three digits after the point, with an optional d0.
fn small_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "4"]),
        prop::collection::vec(0u32..16, 1..=3),
    )
        .prop_map(|(d0, digits)| {
            let digits: String = digits
                .iter()
                .map(|&d| char::from_digit(d, 16).unwrap())
                .collect();
            format!("{d0}.{digits}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_engine_agrees_with_the_brute_force_solver(code in small_code()) {
        let Ok(game) = TakeAndBreak::general(&code) else {
            return Ok(());
        };
        // The solver searches each heap's state graph through the ruleset's moves alone; it
        // shares nothing with the engine's kernel.
        let sequence = GrundySequence::compute(&game, 20).unwrap();
        let mut solver = Solver::new(HeapGame(game.clone()));
        for n in 0..=20u64 {
            let searched = solver.grundy(&Heaps::one(n)).unwrap().value();
            prop_assert_eq!(sequence.value(n), Some(searched), "{} G({})", code, n);
        }
    }
}

#[test]
fn sequence_and_closed_form_hooks_change_no_answer() {
    use onag_core::Unhinted;
    use onag_games::{Ruleset, Tabulated};
    for name in [
        "kayles",
        "dawson-chess",
        "lasker",
        "subtraction:1,3,4",
        "grundy",
        "octal:0.16",
    ] {
        let game: Ruleset = name.parse().unwrap();
        let table = Tabulated::new(game.clone(), game.sequence(64).unwrap());
        let mut hinted = Solver::new(HeapGame(table));
        let mut plain = Solver::new(Unhinted(HeapGame(game.clone())));
        onag_testkit::compare::assert_same_answers(&mut hinted, &mut plain, (7, 5), name);
    }
}
