//! Comparisons of two solvers of the same game.

/// Asserts that two solvers of the same game, one with its hooks and one without, give the same
/// Grundy value and the same winning moves for every position of two heaps below `largest`.
pub fn assert_same_answers<A, B>(
    hinted: &mut onag_core::Solver<A>,
    plain: &mut onag_core::Solver<B>,
    largest: (u64, u64),
    name: &str,
) where
    A: onag_core::ImpartialGame<Position = onag_games::Heaps>,
    B: onag_core::ImpartialGame<Position = onag_games::Heaps>,
{
    for a in 0..largest.0 {
        for b in 0..largest.1 {
            let position = onag_games::Heaps::from([a, b]);
            assert_eq!(
                hinted.grundy(&position).unwrap(),
                plain.grundy(&position).unwrap(),
                "{name} {position}"
            );
            let mut fast = hinted.winning_moves(&position).unwrap();
            let mut slow = plain.winning_moves(&position).unwrap();
            fast.sort();
            slow.sort();
            assert_eq!(fast, slow, "{name} {position}");
        }
    }
}
