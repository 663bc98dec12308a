//! The sequence engine's methods and threads against the definition (the naive method, which
//! values every option of every heap), its checkpoints against an uninterrupted run, and its
//! sparse-space report against a brute force over the values.

use onag_core::{Budget, Resource};
use onag_games::{Error, GrundySequence, RareBy, SequenceOptions, SideBySide, TakeAndBreak};
use onag_testkit::scratch::Scratch;
use proptest::prelude::*;

fn with_threads(threads: usize) -> SequenceOptions {
    SequenceOptions {
        threads,
        ..SequenceOptions::default()
    }
}

fn engine(game: &TakeAndBreak, last: u64, threads: usize) -> GrundySequence {
    GrundySequence::compute_in(game, last, &with_threads(threads), &mut |_| {}).unwrap()
}

/// `G(0..=last)` by the definition: every option of every heap.
fn naive(game: &TakeAndBreak, last: u64) -> Vec<u64> {
    GrundySequence::compute_any(game, last)
        .unwrap()
        .iter()
        .collect()
}

/// The values the engine computed (a proven period may have stopped it early).
fn computed(sequence: &GrundySequence) -> Vec<u64> {
    sequence.values().iter().collect()
}

#[test]
fn sparse_games_shared_between_two_threads_match_the_definition() {
    // 0.6 (by value, with 1583 rare heaps) and Grundy's game (4!.0) are shared from heap 4096;
    // so are 0.66 and 0.366, which split after two takes each (the other thread's scan of
    // each total's common splits is handed on to the engine through one cursor a take), and
    // stay with the sparse method to the end.
    for (code, last, sparse_at_the_end) in [
        ("0.6", 12_000, false),
        ("4!.0", 12_000, false),
        ("0.66", 12_000, true),
        ("0.366", 12_000, true),
    ] {
        let game = TakeAndBreak::general(code).unwrap();
        let expected = naive(&game, last);
        let alone = engine(&game, last, 1);
        let shared = engine(&game, last, 2);
        assert_eq!(alone.heaps_helped(), 0, "{code}");
        // How much is shared depends on whether the other core is free; that some is, not.
        assert!(shared.heaps_helped() > 0, "{code}");
        assert!(shared.used_sparse_method() || !sparse_at_the_end, "{code}");
        assert_eq!(computed(&alone), expected, "{code}");
        assert_eq!(computed(&shared), expected, "{code}");
    }
}

#[test]
fn a_sparse_game_with_too_few_rare_heaps_to_share_is_valued_by_one_thread() {
    // 0.106 is sparse by value and heap parity with 15 rare heaps: a heap costs too little to
    // share, so two threads are one.
    let game = TakeAndBreak::octal("0.106").unwrap();
    let shared = engine(&game, 9_000, 2);
    assert!(shared.used_sparse_method());
    assert_eq!(shared.heaps_helped(), 0);
    assert_eq!(computed(&shared), naive(&game, 9_000));
}

#[test]
fn plain_games_shared_between_two_threads_match_the_definition() {
    // 0.51 splits after taking 2 (never periodic below 6000 heaps), 0.0707 after taking 1 and 3
    // (a cached total), 4!.0 only into unequal heaps.
    for code in ["0.51", "0.0707"] {
        let game = TakeAndBreak::octal(code).unwrap();
        let expected = naive(&game, 6_000);
        for threads in [1, 2] {
            let sequence = engine(&game, 6_000, threads);
            assert_eq!(
                computed(&sequence),
                expected[..sequence.values().len()],
                "{code}"
            );
        }
    }
    // 0.76 to 20000 (no period known): batches whose sizes follow the measured cost of a heap,
    // shared all the way.
    let game = TakeAndBreak::octal("0.76").unwrap();
    let shared = engine(&game, 20_000, 2);
    // How much is shared depends on whether the other core is free (sharing pauses when it is
    // not); that some is shared does not.
    assert!(shared.heaps_helped() > 0);
    assert_eq!(computed(&shared), naive(&game, 20_000));
    let grundy = TakeAndBreak::grundys_game();
    let expected = naive(&grundy, 6_000);
    assert_eq!(computed(&engine(&grundy, 6_000, 2)), expected);
    assert!(engine(&grundy, 6_000, 2).heaps_helped() > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn every_method_and_thread_count_matches_the_definition(
        digits in proptest::collection::vec(0u32..8, 1..5),
        last in 4_100u64..5_000,
    ) {
        let mut digits = digits;
        if digits.iter().all(|&digit| digit == 0) {
            digits[0] = 4;
        }
        let code = format!("0.{}", digits.iter().map(u32::to_string).collect::<String>());
        let game = TakeAndBreak::octal(&code).unwrap();
        let expected = naive(&game, last);
        for threads in [1, 2] {
            let sequence = engine(&game, last, threads);
            // A proven period ends the computation early; every value still agrees.
            prop_assert!(sequence.iter().eq(expected.iter().copied()), "{} with {} threads", code, threads);
        }
    }
}

/// One thread of its own, sharing `shared` with runs side by side.
fn sharing(shared: &SideBySide) -> SequenceOptions {
    SequenceOptions {
        threads: 1,
        side_by_side: Some(shared.clone()),
        ..SequenceOptions::default()
    }
}

#[test]
fn a_run_takes_the_threads_of_runs_that_are_over_and_no_others() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    let expected = naive(&game, 12_000);
    let shared = SideBySide::new(2, 1 << 30);
    let (first, second) = (shared.runner(), shared.runner());
    // Both under way: each has its one thread.
    let alone = GrundySequence::compute_in(&game, 12_000, &sharing(&shared), &mut |_| {}).unwrap();
    assert_eq!(alone.heaps_helped(), 0);
    assert_eq!(computed(&alone), expected);
    // The other is over: its thread helps (whether the second core is free decides how much,
    // not whether).
    drop(first);
    let helped = GrundySequence::compute_in(&game, 12_000, &sharing(&shared), &mut |_| {}).unwrap();
    assert!(helped.heaps_helped() > 0);
    assert_eq!(computed(&helped), expected);
    drop(second);
}

#[test]
fn runs_side_by_side_on_shared_threads_match_the_definition() {
    // Two threads for two runs, valued at once on the one pool of helpers: the short run
    // (Grundy's game to 5000) ends first and the long one (0.6, then 0.76, plain) takes its
    // thread; each run's values are the definition's.
    let shared = SideBySide::new(2, 1 << 30);
    let runners = vec![shared.runner(), shared.runner()];
    let runs = [
        (TakeAndBreak::grundys_game(), 5_000),
        (TakeAndBreak::octal("0.6").unwrap(), 12_000),
    ];
    std::thread::scope(|scope| {
        for ((game, last), runner) in runs.iter().zip(runners) {
            let shared = &shared;
            scope.spawn(move || {
                let sequence =
                    GrundySequence::compute_in(game, *last, &sharing(shared), &mut |_| {}).unwrap();
                assert_eq!(computed(&sequence), naive(game, *last));
                if *last == 12_000 {
                    let plain = TakeAndBreak::octal("0.76").unwrap();
                    let sequence =
                        GrundySequence::compute_in(&plain, 20_000, &sharing(shared), &mut |_| {})
                            .unwrap();
                    assert_eq!(computed(&sequence), naive(&plain, 20_000));
                }
                drop(runner);
            });
        }
    });
}

#[test]
fn a_limit_reached_while_two_threads_work_ends_the_computation() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    let budget = Budget {
        options: 3_000_000,
        ..Budget::DEFAULT
    };
    let options = SequenceOptions {
        budget,
        threads: 2,
        ..SequenceOptions::default()
    };
    let result = GrundySequence::compute_in(&game, 60_000, &options, &mut |_| {});
    assert_eq!(
        result.unwrap_err(),
        Error::Engine(budget.exceeded(Resource::Options))
    );
}

#[test]
fn a_run_resumed_from_its_checkpoint_equals_an_uninterrupted_one() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    let scratch = Scratch::new("checkpoint");
    let path = scratch.join("resume");
    let options = SequenceOptions {
        checkpoint: Some(path.clone()),
        threads: 2,
        ..SequenceOptions::default()
    };
    // The first run stops at 7000 and leaves its values in the file; the second reads them
    // and goes on to 15000.
    let first = GrundySequence::compute_in(&game, 7_000, &options, &mut |_| {}).unwrap();
    assert_eq!(first.computed(), 7_001);
    let resumed = GrundySequence::compute_in(&game, 15_000, &options, &mut |_| {}).unwrap();
    assert_eq!(computed(&resumed), naive(&game, 15_000));
    // A file of another game, or a damaged one, is refused with a reason.
    let kayles = TakeAndBreak::kayles();
    let refused = GrundySequence::compute_in(&kayles, 100, &options, &mut |_| {}).unwrap_err();
    assert!(
        refused.to_string().contains("holds the values of 0.6"),
        "{refused}"
    );
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let damaged = GrundySequence::compute_in(&game, 15_000, &options, &mut |_| {}).unwrap_err();
    assert!(matches!(damaged, Error::Checkpoint { .. }), "{damaged}");
    assert!(damaged.to_string().contains("checksum"), "{damaged}");
    std::fs::write(&path, &bytes[..middle]).unwrap();
    let short = GrundySequence::compute_in(&game, 15_000, &options, &mut |_| {}).unwrap_err();
    assert!(short.to_string().contains("length"), "{short}");
}

/// The report's fields by brute force: every mask below 2^10 tried, with the two published
/// classifications: by value (Gangolli & Plambeck: heap n is rare when `G(n) & m` has an even
/// number of bits) and, for a code whose splitting takes share the parity of a take t, by
/// position (Flammenkamp, "Sparse- and Common-Positions of Sprague-Grundy Values of
/// Octal-Games": heap n is rare when the bits of `G(n) & m` have the parity of n - t). The
/// report takes the one with fewer rare heaps, by value on a tie.
#[test]
fn the_sparse_report_matches_a_brute_force_over_the_values() {
    // 0.106 and 0.104 (t = 3) have about half their heaps rare by value and few by position;
    // 0.142 and 0.34 (t = 2) fewer by position too; 0.6 and 0.16 are sparse by value.
    for code in ["0.6", "0.16", "0.106", "0.34", "0.104", "0.142"] {
        let game = TakeAndBreak::octal(code).unwrap();
        let report = engine(&game, 3_000, 1).sparse_report().unwrap();
        // The report covers the values computed: all of them, or up to a proven period.
        let values = naive(&game, report.heaps);
        let largest = *values[1..].iter().max().unwrap();
        let largest_at = values.iter().position(|&value| value == largest).unwrap() as u64;
        assert_eq!(
            (report.largest, report.largest_at),
            (largest, largest_at),
            "{code}"
        );
        // The takes that split a heap: the digits after the point with the bit 4.
        let splits: Vec<u64> = code[2..]
            .chars()
            .zip(1..)
            .filter(|&(digit, _)| digit.to_digit(8).unwrap() & 4 != 0)
            .map(|(_, take)| take)
            .collect();
        let t = splits[0];
        assert!(splits.iter().all(|take| take % 2 == t % 2), "{code}");
        let by_value = |mask: u64, heap: u64| (values[heap as usize] & mask).count_ones() % 2 == 0;
        let by_position = |mask: u64, heap: u64| {
            u64::from((values[heap as usize] & mask).count_ones() % 2) == (heap + t) % 2
        };
        let rare_heaps = |mask: u64, rare: &dyn Fn(u64, u64) -> bool| -> Vec<u64> {
            (1..values.len() as u64)
                .filter(|&heap| rare(mask, heap))
                .collect()
        };
        let fewest = |rare: &dyn Fn(u64, u64) -> bool| {
            (1..1u64 << 10)
                .map(|mask| rare_heaps(mask, rare).len())
                .min()
                .unwrap()
        };
        let (value_fewest, position_fewest) = (fewest(&by_value), fewest(&by_position));
        let rare = if position_fewest < value_fewest {
            assert_eq!(
                report.rare_by,
                RareBy::Position {
                    odd_takes: t % 2 == 1
                },
                "{code}"
            );
            rare_heaps(report.rare_mask, &by_position)
        } else {
            assert_eq!(report.rare_by, RareBy::Value, "{code}");
            rare_heaps(report.rare_mask, &by_value)
        };
        assert_eq!(report.rare_count, rare.len() as u64, "{code}");
        assert_eq!(rare.len(), value_fewest.min(position_fewest), "{code}");
        assert_eq!(report.last_rare, rare.last().copied(), "{code}");
        for heap in 1..values.len() as u64 {
            assert_eq!(
                report.is_rare(heap, values[heap as usize]),
                rare.binary_search(&heap).is_ok(),
                "{code} {heap}"
            );
        }
        // Which codes are sparse by position, by the brute force (not the report).
        let positional = ["0.106", "0.104", "0.142", "0.34"].contains(&code);
        assert_eq!(position_fewest < value_fewest, positional, "{code}");
    }
}

#[test]
fn a_run_stopped_by_a_limit_keeps_its_values_and_resumes_with_a_larger_one() {
    let game = TakeAndBreak::octal("0.6").unwrap();
    let scratch = Scratch::new("checkpoint");
    let path = scratch.join("limit");
    let small = Budget {
        options: 2_000_000,
        ..Budget::DEFAULT
    };
    let stopped = SequenceOptions {
        budget: small,
        checkpoint: Some(path.clone()),
        ..SequenceOptions::default()
    };
    let error = GrundySequence::compute_in(&game, 12_000, &stopped, &mut |_| {}).unwrap_err();
    assert_eq!(error, Error::Engine(small.exceeded(Resource::Options)));
    // The file holds the values computed before the limit, and a larger budget goes on.
    assert!(std::fs::metadata(&path).unwrap().len() > 1000);
    let larger = SequenceOptions {
        checkpoint: Some(path),
        ..SequenceOptions::default()
    };
    let resumed = GrundySequence::compute_in(&game, 12_000, &larger, &mut |_| {}).unwrap();
    assert_eq!(computed(&resumed), naive(&game, 12_000));
}

/// The names in `folder`, sorted.
fn names_in(folder: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Checkpoints, quotients and sweep tables are all replaced through `replace_whole`: a write
/// that fails part-way (a full disk) or whose rename fails leaves the old file as it was and no
/// half-written file beside it, which on a full disk would keep the space taken.
#[test]
fn a_file_is_replaced_whole_or_not_at_all_and_a_failure_leaves_nothing_beside_it() {
    use std::io::{ErrorKind, Write};
    let scratch = Scratch::new("replace");
    let path = scratch.file("table.md", "old");
    let failed = onag_games::replace_whole(&path, |file| {
        file.write_all(b"half of it")?;
        Err(std::io::Error::new(ErrorKind::StorageFull, "no space left"))
    });
    assert_eq!(failed.unwrap_err().kind(), ErrorKind::StorageFull);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(names_in(&scratch), ["table.md"]);
    // A name that is a folder's cannot be renamed over: refused, nothing left beside it.
    let folder = scratch.join("folder");
    std::fs::create_dir(&folder).unwrap();
    assert!(onag_games::replace_whole(&folder, |file| file.write_all(b"x")).is_err());
    assert_eq!(names_in(&scratch), ["folder", "table.md"]);
    assert!(names_in(&folder).is_empty());
    // A write that succeeds replaces the file, and only it.
    onag_games::replace_whole(&path, |file| file.write_all(b"new")).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    assert_eq!(names_in(&scratch), ["folder", "table.md"]);
}
