//! Exact misère outcomes of sums of heaps, for learning a quotient afresh.
//!
//! When the newest heap `n` splits classes of the smaller heaps, the learner asks for the
//! outcomes of positions holding `n`. Everything needed is already in the quotient: the options
//! of every heap are recorded as they were added, and the verified quotient of the smaller heaps
//! answers every position without `n` in one product. So a position holding `n` is searched over
//! those recorded options alone (no ruleset, no move generation), depth first on an explicit
//! stack, and every outcome found is remembered for the later questions of the same heap. A
//! position is settled at once when one of its options is known to be a P-position (by the
//! quotient or by an earlier search) before any option is searched.

use hashbrown::HashMap;

use super::MisereQuotient;
use crate::{Error, Resource, Result};

/// The misère outcomes of positions of the heaps up to `newest`, searched and remembered.
pub(super) struct Exact<'a> {
    /// The verified quotient of the heaps below `newest`, with the options of `newest`
    /// recorded.
    quotient: &'a MisereQuotient,
    newest: u64,
    /// Outcomes found, `true` for a P-position; positions are heaps largest first, without
    /// heaps that have no move.
    memo: HashMap<Box<[u64]>, bool>,
    /// The most positions remembered, and the bytes they may take.
    limit: usize,
    bytes: u64,
    max_bytes: u64,
}

/// A position being searched, with its options that hold the newest heap and whose outcomes
/// were not known when it was entered.
struct Frame {
    position: Box<[u64]>,
    open: Vec<Box<[u64]>>,
}

/// What the options known at once say of a position.
enum Start {
    Settled(bool),
    Search(Vec<Box<[u64]>>),
}

impl<'a> Exact<'a> {
    /// Outcomes for positions of the heaps up to `newest`, whose options `quotient` records,
    /// `quotient` being verified for the heaps below it; at most `limit` positions remembered.
    pub(super) fn new(quotient: &'a MisereQuotient, newest: u64, limit: usize) -> Exact<'a> {
        Exact {
            quotient,
            newest,
            memo: HashMap::new(),
            limit,
            bytes: 0,
            max_bytes: quotient.budget.memory / 2,
        }
    }

    /// Whether `position` (heaps largest first, all added, none with no move) is a misère
    /// P-position.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] when the search would remember more positions, or more bytes,
    /// than it may.
    pub(super) fn is_p(&mut self, position: &[u64]) -> Result<bool> {
        if let Some(known) = self.known(position) {
            return Ok(known);
        }
        let mut stack = match self.start(position) {
            Start::Settled(outcome) => {
                self.remember(position.into(), outcome)?;
                return Ok(outcome);
            }
            Start::Search(open) => vec![Frame {
                position: position.into(),
                open,
            }],
        };
        while let Some(top) = stack.last_mut() {
            // The next option of the position on top whose outcome is not known yet; one known
            // to be a P-position (found since it was listed) settles the position.
            let mut next = None;
            let mut won = false;
            while let Some(option) = top.open.pop() {
                match self.known(&option) {
                    Some(false) => {}
                    Some(true) => {
                        won = true;
                        break;
                    }
                    None => {
                        next = Some(option);
                        break;
                    }
                }
            }
            match next {
                None if won => {
                    let frame = stack.pop().expect("the top frame");
                    self.remember(frame.position, false)?;
                }
                None => {
                    // Every option is an N-position: a P-position, so the one it was an option
                    // of has a winning move.
                    let frame = stack.pop().expect("the top frame");
                    self.remember(frame.position, true)?;
                    if let Some(parent) = stack.pop() {
                        self.remember(parent.position, false)?;
                    }
                }
                Some(option) => match self.start(&option) {
                    Start::Settled(outcome) => {
                        self.remember(option, outcome)?;
                        if outcome {
                            let frame = stack.pop().expect("the top frame");
                            self.remember(frame.position, false)?;
                        }
                    }
                    Start::Search(open) => stack.push(Frame {
                        position: option,
                        open,
                    }),
                },
            }
        }
        Ok(self.memo[position])
    }

    /// The outcome of `position` if it is known: by the quotient when it does not hold the
    /// newest heap, else if it was searched.
    fn known(&self, position: &[u64]) -> Option<bool> {
        if position.first().is_none_or(|&h| h < self.newest) {
            let class = self.quotient.product_class(position.iter().copied())?;
            return Some(self.quotient.is_p_class(class));
        }
        self.memo.get(position).copied()
    }

    /// Lists the options of `position`, settling it when one is known to be a P-position or
    /// when it has none.
    fn start(&self, position: &[u64]) -> Start {
        let quotient = self.quotient;
        // With one newest heap, the moves in it leave positions the quotient answers: the
        // class of the rest times the class of what the move leaves, no position built.
        let alone = position.first() == Some(&self.newest)
            && position.get(1).is_none_or(|&h| h < self.newest);
        let rest = if alone {
            quotient.product_class(position[1..].iter().copied())
        } else {
            None
        };
        let mut open = Vec::new();
        for (i, &heap) in position.iter().enumerate() {
            if i > 0 && position[i - 1] == heap {
                continue;
            }
            for option in &quotient.raw[heap as usize] {
                if let Some(rest) = rest.filter(|_| i == 0) {
                    let class = quotient.product_class(option.iter().copied());
                    if class.is_some_and(|class| {
                        quotient.is_p_class(quotient.multiply_class(rest, class))
                    }) {
                        return Start::Settled(false);
                    }
                    continue;
                }
                let next = replace(position, i, option, quotient);
                match self.known(&next) {
                    Some(true) => return Start::Settled(false),
                    Some(false) => {}
                    None => open.push(next),
                }
            }
        }
        if open.is_empty() {
            Start::Settled(true)
        } else {
            Start::Search(open)
        }
    }

    fn remember(&mut self, position: Box<[u64]>, outcome: bool) -> Result<()> {
        // A stop is looked for here, a position at a time (a thread-local read).
        crate::check_stop()?;
        let exceeded = |resource, limit| Error::LimitExceeded { resource, limit };
        if self.memo.len() >= self.limit {
            return Err(exceeded(Resource::Positions, self.limit as u64));
        }
        // The key, its box and the table's slot.
        self.bytes += 8 * position.len() as u64 + 40;
        if self.bytes > self.max_bytes {
            // Named as the budget the user gave, of which the table may take half.
            return Err(exceeded(Resource::Memory, self.quotient.budget.memory));
        }
        self.memo.insert(position, outcome);
        Ok(())
    }
}

/// `position` with its heap at `at` replaced by the heaps `option` (largest first), heaps
/// without moves left out: largest first again. Both runs are in order, so they are merged
/// (sorting the joined heaps instead cost Kayles' quotient 7% more instructions).
fn replace(position: &[u64], at: usize, option: &[u64], quotient: &MisereQuotient) -> Box<[u64]> {
    let mut merged = Vec::with_capacity(position.len() + option.len());
    let mut rest = position
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != at)
        .map(|(_, &h)| h)
        .peekable();
    let mut added = option
        .iter()
        .copied()
        .filter(|&h| !quotient.raw[h as usize].is_empty())
        .peekable();
    loop {
        match (rest.peek(), added.peek()) {
            (Some(&a), Some(&b)) if a >= b => merged.push(rest.next().expect("peeked")),
            (_, Some(_)) => merged.push(added.next().expect("peeked")),
            (Some(_), None) => merged.push(rest.next().expect("peeked")),
            (None, None) => break,
        }
    }
    merged.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap as StdMap;

    use super::*;

    /// Kayles: a move takes one pin or two adjacent ones from a row, leaving up to two rows.
    fn kayles(n: u64) -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for take in 1..=2.min(n) {
            for left in 0..=(n - take) / 2 {
                options.push(vec![n - take - left, left]);
            }
        }
        options
    }

    /// A quotient of the heaps below `newest`, with `newest`'s options recorded as `add_heap`
    /// records them but no class given to it: what a relearning searches over.
    fn before(newest: u64) -> MisereQuotient {
        let mut quotient = MisereQuotient::new();
        for n in 1..newest {
            quotient.add_heap(n, &kayles(n)).unwrap();
        }
        let mut with_newest = quotient.clone();
        with_newest.add_heap(newest, &kayles(newest)).unwrap();
        quotient
            .raw
            .push(with_newest.recorded_options(newest).unwrap().to_vec());
        quotient
    }

    /// The misère outcome by the definition, over Kayles' own moves (`true`: P-position).
    fn brute(position: &[u64], memo: &mut StdMap<Vec<u64>, bool>) -> bool {
        let mut key: Vec<u64> = position.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        // No move at all: the player to move has made no last move and wins.
        let mut p = !key.is_empty();
        for i in 0..key.len() {
            for option in kayles(key[i]) {
                let mut next = key.clone();
                next.remove(i);
                next.extend(option);
                if brute(&next, memo) {
                    p = false;
                }
            }
        }
        memo.insert(key, p);
        p
    }

    #[test]
    fn outcomes_with_the_newest_heap_are_those_of_the_definition() {
        let newest = 9;
        let quotient = before(newest);
        let mut exact = Exact::new(&quotient, newest, 1 << 20);
        let mut memo = StdMap::new();
        let mut checked = 0;
        for a in 0..=newest {
            for b in a..=newest {
                for c in b..=newest {
                    for d in [c, newest] {
                        let mut position: Vec<u64> =
                            [d, c, b, a].into_iter().filter(|&h| h > 0).collect();
                        position.sort_unstable_by(|x, y| y.cmp(x));
                        let expected = brute(&position, &mut memo);
                        assert_eq!(exact.is_p(&position).unwrap(), expected, "{position:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 400);
    }

    #[test]
    fn a_search_past_its_bound_is_a_limit_not_an_answer() {
        let quotient = before(9);
        let mut exact = Exact::new(&quotient, 9, 3);
        assert_eq!(
            exact.is_p(&[9, 9, 8, 7, 5]),
            Err(Error::LimitExceeded {
                resource: Resource::Positions,
                limit: 3
            })
        );
    }
}
