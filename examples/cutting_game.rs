//! A game of independent parts written as the rules of one part: the Cutting Game.
//!
//! A W x H sheet of squares; a move cuts one sheet along a grid line into two; the player who
//! cuts off a 1 x 1 piece wins (POJ 2311). The pieces are played side by side, so a position
//! is the disjunctive sum of its sheets, but for one rule: cutting off a 1 x 1 wins at once,
//! whatever the other sheets. That rule is written away (see `onag_core::PartRules`, "A move
//! that wins at once"): a cut that leaves a piece with a side of 1 (a 1 x k strip) lets the
//! opponent cut off a 1 x 1 and win, so no player makes it while another cut is left, and a
//! player with only such cuts loses. The rules of one sheet are then the cuts that leave both
//! pieces at least 2 x 2, in normal play. Starting sheets must be at least 2 x 2 (from a
//! 1 x k strip, k >= 2, the player to move wins at once).
//!
//! Run with `cargo run --release --example cutting_game`: it prints the values of the small
//! sheets, then values every sheet up to 200 x 200 through `PartSolver` and through a plain
//! table written by hand, five times each in turn, and prints the medians.

use std::time::Instant;

use onag_core::{Nimber, PartRules, PartSolver};

/// The rules of one sheet, sheets up to `limit` on a side numbered for a dense table.
struct Cutting {
    limit: u32,
}

impl PartRules for Cutting {
    /// A sheet as (shorter side, longer side).
    type Part = (u32, u32);

    fn part_moves(&self, &(w, h): &(u32, u32), each: &mut dyn FnMut(&[(u32, u32)])) {
        // Only cuts that leave both pieces at least 2 x 2 (the others lose at once).
        for x in 2..=w.saturating_sub(2) {
            each(&[(x, h), (w - x, h)]);
        }
        for y in 2..=h.saturating_sub(2) {
            each(&[(w, y), (w, h - y)]);
        }
    }

    fn canonical(&self, (w, h): (u32, u32)) -> (u32, u32) {
        (w.min(h), w.max(h))
    }

    fn index(&self, &(w, h): &(u32, u32)) -> Option<usize> {
        (w <= self.limit && h <= self.limit)
            .then(|| w as usize * (self.limit as usize + 1) + h as usize)
    }

    fn index_bound(&self) -> usize {
        (self.limit as usize + 1).pow(2)
    }
}

/// The same values by a table written by hand, sheet after sheet in order of area.
fn by_hand(limit: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; limit + 1]; limit + 1];
    let mut seen = vec![0u32; 2 * limit + 2];
    let mut stamp = 0;
    for w in 2..=limit {
        for h in 2..=limit {
            stamp += 1;
            for x in 2..=w.saturating_sub(2) {
                seen[(g[x][h] ^ g[w - x][h]) as usize] = stamp;
            }
            for y in 2..=h.saturating_sub(2) {
                seen[(g[w][y] ^ g[w][h - y]) as usize] = stamp;
            }
            g[w][h] = (0..).find(|&v| seen[v as usize] != stamp).unwrap_or(0);
        }
    }
    g
}

fn median(mut seconds: Vec<f64>) -> f64 {
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

fn main() -> Result<(), onag_core::Error> {
    let mut solver = PartSolver::new(Cutting { limit: 200 });
    println!("Cutting Game: who wins on one W x H sheet (P: the player to move loses)");
    for w in 2..=8 {
        let row: Vec<String> = (2..=8)
            .map(|h| {
                let value = solver.grundy(&(w, h)).expect("within the budget");
                if value == Nimber::ZERO {
                    "P".into()
                } else {
                    format!("*{}", value.value())
                }
            })
            .collect();
        println!("  {w} x 2..8: {}", row.join(" "));
    }
    println!(
        "Two sheets, 4 x 2 and 3 x 2: {}",
        solver.grundy_of(&[(4, 2), (3, 2)])?
    );

    let (mut adaptor, mut hand) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let clock = Instant::now();
        let mut solver = PartSolver::new(Cutting { limit: 200 });
        let mut check = 0u64;
        for w in 2..=200 {
            for h in 2..=200 {
                check ^= solver.grundy(&(w, h))?.value();
            }
        }
        adaptor.push(clock.elapsed().as_secs_f64());
        let clock = Instant::now();
        let table = by_hand(200);
        let by_table = (2..=200).flat_map(|w| (2..=200).map(move |h| (w, h)));
        let expected = by_table.fold(0u64, |check, (w, h)| check ^ u64::from(table[w][h]));
        hand.push(clock.elapsed().as_secs_f64());
        assert_eq!(check, expected, "the adaptor and the hand table disagree");
    }
    let (adaptor, hand) = (median(adaptor), median(hand));
    println!(
        "every sheet to 200 x 200: PartSolver {:.1} ms, a table by hand {:.1} ms ({:.1}x), medians of 5",
        adaptor * 1e3,
        hand * 1e3,
        adaptor / hand
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use onag_core::{Budget, Error, ImpartialGame, Parts, Solver, Stop};

    use super::*;

    /// The Cutting Game as stated, by brute force: a position is the sorted list of its sheets
    /// (1 x 1 pieces left out: no cut is left in them); the player to move wins when a cut
    /// leaves a 1 x 1 piece, or leads to a position the other player loses; a player with no
    /// cut loses. Written from the rule alone, with no part of the transformation above.
    fn wins(sheets: Vec<(u32, u32)>, memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
        if let Some(&known) = memo.get(&sheets) {
            return known;
        }
        let mut result = false;
        'sheets: for (at, &(w, h)) in sheets.iter().enumerate() {
            let cuts = (1..w).map(|x| [(x, h), (w - x, h)]);
            let cuts = cuts.chain((1..h).map(|y| [(w, y), (w, h - y)]));
            for pieces in cuts {
                if pieces.contains(&(1, 1)) {
                    result = true;
                    break 'sheets;
                }
                let mut next: Vec<(u32, u32)> = sheets[..at]
                    .iter()
                    .chain(&sheets[at + 1..])
                    .copied()
                    .chain(pieces.iter().map(|&(a, b)| (a.min(b), a.max(b))))
                    .collect();
                next.sort();
                if !wins(next, memo) {
                    result = true;
                    break 'sheets;
                }
            }
        }
        memo.insert(sheets, result);
        result
    }

    #[test]
    fn the_rules_of_one_sheet_agree_with_the_game_as_stated() {
        let mut memo = HashMap::new();
        let mut solver = PartSolver::new(Cutting { limit: 20 });
        for w in 2..=6u32 {
            for h in w..=6 {
                let stated = wins(vec![(w, h)], &mut memo);
                let value = solver.grundy(&(w, h)).unwrap();
                assert_eq!(value != Nimber::ZERO, stated, "{w} x {h}");
            }
        }
        // Two sheets side by side: the nim-sum of their values decides.
        for (a, b) in [((2, 2), (3, 3)), ((2, 4), (3, 4)), ((4, 4), (2, 5))] {
            let stated = wins(
                {
                    let mut both = vec![a, b];
                    both.sort();
                    both
                },
                &mut memo,
            );
            let value = solver.grundy_of(&[a, b]).unwrap();
            assert_eq!(value != Nimber::ZERO, stated, "{a:?} + {b:?}");
        }
    }

    #[test]
    fn the_judge_samples_are_answered() {
        // POJ 2311's samples: 2 x 2 and 3 x 2 lose, 4 x 2 wins.
        let mut solver = PartSolver::new(Cutting { limit: 200 });
        assert_eq!(solver.grundy(&(2, 2)).unwrap(), Nimber::ZERO);
        assert_eq!(solver.grundy(&(3, 2)).unwrap(), Nimber::ZERO);
        assert_ne!(solver.grundy(&(4, 2)).unwrap(), Nimber::ZERO);
    }

    /// The same rules with no dense index: valued through the hash map.
    struct Unnumbered;

    impl PartRules for Unnumbered {
        type Part = (u32, u32);

        fn part_moves(&self, part: &(u32, u32), each: &mut dyn FnMut(&[(u32, u32)])) {
            Cutting { limit: 0 }.part_moves(part, each);
        }

        fn canonical(&self, (w, h): (u32, u32)) -> (u32, u32) {
            (w.min(h), w.max(h))
        }
    }

    #[test]
    fn the_adaptor_agrees_with_the_hand_table_the_hash_map_and_the_generic_solver() {
        let table = by_hand(40);
        let mut dense = PartSolver::new(Cutting { limit: 40 });
        let mut sparse = PartSolver::new(Unnumbered);
        let mut generic = Solver::new(Parts(Cutting { limit: 40 }));
        for w in 2..=40u32 {
            for h in 2..=40u32 {
                let expected = Nimber::new(u64::from(table[w as usize][h as usize]));
                assert_eq!(dense.grundy(&(w, h)).unwrap(), expected, "{w} x {h}");
                assert_eq!(sparse.grundy(&(w, h)).unwrap(), expected, "{w} x {h}");
                if w <= 12 && h <= 12 {
                    assert_eq!(
                        generic.grundy(&vec![(w, h)]).unwrap(),
                        expected,
                        "{w} x {h}"
                    );
                }
            }
        }
        // A position of several sheets through the generic trait: its moves cut one sheet.
        let game = Parts(Cutting { limit: 40 });
        let moves: Vec<Vec<(u32, u32)>> = game.moves(&vec![(2, 4), (4, 4)]).collect();
        assert!(moves.contains(&vec![(2, 2), (2, 2), (4, 4)]), "{moves:?}");
        assert!(moves.contains(&vec![(2, 4), (2, 4), (2, 4)]), "{moves:?}");
        assert_eq!(moves.len(), 3);
    }

    /// Rules that never end: a part leads back to itself.
    struct Endless;

    impl PartRules for Endless {
        type Part = u32;

        fn part_moves(&self, &part: &u32, each: &mut dyn FnMut(&[u32])) {
            each(&[(part + 1) % 5]);
            if part > 0 {
                each(&[part - 1]);
            }
        }
    }

    #[test]
    fn a_cycle_or_a_small_budget_is_an_error() {
        let mut endless = PartSolver::new(Endless);
        assert!(matches!(endless.grundy(&3), Err(Error::Cycle { .. })));
        let tiny = Budget {
            memory: 1000,
            ..Budget::DEFAULT
        };
        // The dense table of 201 x 201 values is past 1000 bytes: refused before it is made.
        let mut solver = PartSolver::with_budget(Cutting { limit: 200 }, tiny);
        assert!(matches!(
            solver.grundy(&(9, 9)),
            Err(Error::LimitExceeded { .. })
        ));
        let few = Budget {
            options: 100,
            ..Budget::DEFAULT
        };
        let mut solver = PartSolver::with_budget(Unnumbered, few);
        assert!(matches!(
            solver.grundy(&(30, 30)),
            Err(Error::LimitExceeded { .. })
        ));
    }

    #[test]
    fn a_question_stopped_half_way_leaves_no_false_cycle() {
        let table = by_hand(200);
        let mut solver = PartSolver::new(Cutting { limit: 200 });
        let stop = Stop::new();
        stop.request();
        assert_eq!(stop.run(|| solver.grundy(&(200, 200))), Err(Error::Stopped));
        // The parts it left half-valued are valued again, not taken for a cycle.
        let value = solver.grundy(&(200, 200)).unwrap();
        assert_eq!(value, Nimber::new(u64::from(table[200][200])));
    }
}
