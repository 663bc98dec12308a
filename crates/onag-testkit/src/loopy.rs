//! The definitions of games with cycles computed directly on an explicit graph, written apart
//! from the engine: the tests' reference for outcomes, generalized Sprague-Grundy values and
//! remoteness. The tests of `onag-core` and `onag-games` both compare with it.

use onag_core::{LoopyValue, Nimber, Outcome};

/// P/N/D of every position of an explicit graph, by iterating the definition to its fixed
/// point: N if some move reaches P, P if every move reaches N; what never settles is a draw.
pub fn outcomes_by_fixpoint(moves: &[Vec<usize>]) -> Vec<Outcome> {
    settle(moves, vec![None; moves.len()])
}

/// P/N/D of every position in misère play, by the same fixed point, started from the rule that
/// the player to move in a position with no move has won (N).
pub fn misere_outcomes_by_fixpoint(moves: &[Vec<usize>]) -> Vec<Outcome> {
    let start = moves
        .iter()
        .map(|options| options.is_empty().then_some(Outcome::Next))
        .collect();
    settle(moves, start)
}

/// Iterates the definition from the outcomes known in `outcome` until nothing changes.
fn settle(moves: &[Vec<usize>], mut outcome: Vec<Option<Outcome>>) -> Vec<Outcome> {
    loop {
        let mut changed = false;
        for position in 0..moves.len() {
            if outcome[position].is_some() {
                continue;
            }
            let options = &moves[position];
            if options
                .iter()
                .any(|&o| outcome[o] == Some(Outcome::Previous))
            {
                outcome[position] = Some(Outcome::Next);
                changed = true;
            } else if options.iter().all(|&o| outcome[o] == Some(Outcome::Next)) {
                outcome[position] = Some(Outcome::Previous);
                changed = true;
            }
        }
        if !changed {
            return outcome
                .into_iter()
                .map(|o| o.unwrap_or(Outcome::Draw))
                .collect();
        }
    }
}

/// The generalized Sprague-Grundy values of an explicit graph by their characterisation
/// (Smith 1966): γ(u) = m exactly when u + *m is a P-position, which the fixpoint above decides
/// on the graph of u + *m; a position for which no m ≤ its number of moves works is ∞, its
/// escape set the finite values of its options.
pub fn values_by_brute_force(moves: &[Vec<usize>]) -> Vec<LoopyValue> {
    let n = moves.len();
    let widest = moves.iter().map(Vec::len).max().unwrap_or(0);
    let mut finite: Vec<Option<u64>> = vec![None; n];
    for heap in 0..=widest {
        // The states (u, h) of u + *h for h <= heap, numbered u * (heap + 1) + h.
        let width = heap + 1;
        let sum: Vec<Vec<usize>> = (0..n * width)
            .map(|state| {
                let (u, h) = (state / width, state % width);
                let mut options: Vec<usize> = moves[u].iter().map(|&v| v * width + h).collect();
                options.extend((0..h).map(|smaller| u * width + smaller));
                options
            })
            .collect();
        let outcome = outcomes_by_fixpoint(&sum);
        for u in 0..n {
            if outcome[u * width + heap] == Outcome::Previous {
                finite[u] = Some(heap as u64);
            }
        }
    }
    (0..n)
        .map(|u| match finite[u] {
            Some(value) => LoopyValue::Finite(Nimber::new(value)),
            None => {
                LoopyValue::infinite(moves[u].iter().filter_map(|&v| finite[v]).map(Nimber::new))
            }
        })
        .collect()
}

/// Remoteness by its definition in rounds: L(k) holds the positions whose player to move loses
/// within k moves, W(k) those whose player wins within k.
pub fn remoteness_by_rounds(moves: &[Vec<usize>]) -> Vec<Option<u64>> {
    let n = moves.len();
    let mut remoteness: Vec<Option<u64>> = vec![None; n];
    let mut lose = vec![false; n];
    let mut win = vec![false; n];
    for k in 0..=(2 * n as u64 + 2) {
        let (next_lose, next_win): (Vec<bool>, Vec<bool>) = (0..n)
            .map(|u| {
                let lost = moves[u].iter().all(|&v| win[v]);
                let won = moves[u].iter().any(|&v| lose[v]);
                (lost, won)
            })
            .unzip();
        for u in 0..n {
            if remoteness[u].is_none() && (next_lose[u] || next_win[u]) {
                remoteness[u] = Some(k);
            }
        }
        lose = next_lose;
        win = next_win;
    }
    remoteness
}
