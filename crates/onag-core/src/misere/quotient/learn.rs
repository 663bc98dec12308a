//! The quotient learnt afresh from exact outcomes: Angluin's L* (*Learning regular sets from
//! queries and counterexamples*, 1987) for the commutative language of misère P-positions, with
//! Rivest and Schapire's way of turning a counterexample into one new test (1993).
//!
//! A table holds, for some positions (the access positions, one per state) and some test
//! positions, whether position + test is a P-position. Two positions with the same row are
//! taken to be one class. The table is closed when every access position plus one heap has the
//! row of some access position; the rows then form an automaton over heaps. When that automaton
//! does not commute (adding heap `l` then `m` lands elsewhere than `m` then `l`), the two ways
//! differ on some test, and one of them shows a new test that splits a state. When it commutes,
//! its states are a commutative monoid (a state times a state is the first run on the second's
//! access position), which is reduced and checked like every candidate; a failed check names
//! positions it gets wrong, and a wrong position, walked heap by heap through the automaton,
//! shows where a test is missing.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

// hashbrown's default hasher: every position asked of the table is hashed (SipHash was a tenth
// of the time of learning a quotient afresh).
use hashbrown::{HashMap, HashSet};

use super::exact::Exact;
use super::{Check, Class, MisereQuotient, reduce, union};
use crate::{Error, GiveUp, QuotientError, Resource, Result};

/// The most positions the exact search behind the table remembers for one heap: a heap whose
/// classes cannot be told apart within them stops the computation with the partial quotient
/// (a few hundred megabytes at most; the memory budget bounds them too).
const EXACT_POSITIONS: usize = 1 << 19;

/// The table of outcomes.
struct Table<'a> {
    /// The heaps that have moves, in order; others are the empty game and are dropped.
    letters: Vec<u64>,
    letter_of: HashMap<u64, usize>,
    exact: Exact<'a>,
    tests: Vec<Vec<u64>>,
    access: Vec<Vec<u64>>,
    rows: Vec<Vec<bool>>,
    delta: Vec<Vec<usize>>,
    limit: usize,
    /// The verified quotient of the smaller heaps (with the newest heap's options recorded).
    quotient: &'a MisereQuotient,
}

impl Table<'_> {
    /// The exact outcome of a position: `true` for a P-position.
    fn truth(&mut self, position: &[u64]) -> Result<bool> {
        let mut heaps: Vec<u64> = position
            .iter()
            .copied()
            .filter(|h| self.letter_of.contains_key(h))
            .collect();
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        self.exact.is_p(&heaps)
    }

    fn row(&mut self, position: &[u64]) -> Result<Vec<bool>> {
        (0..self.tests.len())
            .map(|e| {
                let whole = union(position, &self.tests[e]);
                self.truth(&whole)
            })
            .collect()
    }

    /// Recomputes the rows and the transitions, adding states until every access position plus
    /// a heap has the row of a state.
    fn close(&mut self) -> Result<()> {
        let mut index: HashMap<Vec<bool>, usize> = HashMap::new();
        let mut kept = Vec::new();
        let mut rows = Vec::new();
        for access in std::mem::take(&mut self.access) {
            let row = self.row(&access)?;
            if let hashbrown::hash_map::Entry::Vacant(slot) = index.entry(row.clone()) {
                slot.insert(kept.len());
                kept.push(access);
                rows.push(row);
            }
        }
        self.access = kept;
        self.rows = rows;
        self.delta.clear();
        let mut state = 0;
        while state < self.access.len() {
            let mut moves = Vec::with_capacity(self.letters.len());
            for l in 0..self.letters.len() {
                let word = union(&self.access[state], &[self.letters[l]]);
                let row = self.row(&word)?;
                let target = match index.get(&row) {
                    Some(&target) => target,
                    None => {
                        if self.access.len() >= self.limit {
                            return Err(Error::LimitExceeded {
                                resource: Resource::Positions,
                                limit: self.limit as u64,
                            });
                        }
                        index.insert(row.clone(), self.access.len());
                        self.access.push(word);
                        self.rows.push(row);
                        self.access.len() - 1
                    }
                };
                moves.push(target);
            }
            self.delta.push(moves);
            state += 1;
        }
        Ok(())
    }

    /// The state reached from `from` by adding the heaps of `position`.
    fn run(&self, from: usize, position: &[u64]) -> usize {
        position
            .iter()
            .filter_map(|h| self.letter_of.get(h))
            .fold(from, |state, &l| self.delta[state][l])
    }

    /// A test that splits a state, when the automaton does not commute.
    fn commutation_test(&mut self) -> Result<Option<Vec<u64>>> {
        let letters = self.letters.len();
        for q in 0..self.access.len() {
            for l in 0..letters {
                for m in l + 1..letters {
                    let (ql, qm) = (self.delta[q][l], self.delta[q][m]);
                    let (one, two) = (self.delta[ql][m], self.delta[qm][l]);
                    if one == two {
                        continue;
                    }
                    let e = (0..self.tests.len())
                        .find(|&e| self.rows[one][e] != self.rows[two][e])
                        .expect("distinct states have distinct rows");
                    let test = self.tests[e].clone();
                    let (hl, hm) = (self.letters[l], self.letters[m]);
                    let whole = union(&union(&self.access[q], &[hl, hm]), &test);
                    let truth = self.truth(&whole)?;
                    // access(ql) + m + test differs from access(q) + l + m + test, or the same
                    // with l and m exchanged: that suffix splits the state.
                    let via_l = self.truth(&union(&union(&self.access[ql], &[hm]), &test))?;
                    if via_l != truth {
                        return Ok(Some(union(&[hm], &test)));
                    }
                    return Ok(Some(union(&[hl], &test)));
                }
            }
        }
        Ok(None)
    }

    /// The test that a position the automaton gets wrong shows missing (Rivest and Schapire).
    fn counterexample_test(&mut self, wrong: &[u64]) -> Result<Vec<u64>> {
        let heaps: Vec<u64> = wrong
            .iter()
            .copied()
            .filter(|h| self.letter_of.contains_key(h))
            .collect();
        let mut state = 0;
        let mut before = self.truth(&heaps)?;
        for i in 0..heaps.len() {
            let next = self.run(state, &heaps[i..=i]);
            let rest = &heaps[i + 1..];
            let after = self.truth(&union(&self.access[next].clone(), rest))?;
            if after != before {
                return Ok(rest.to_vec());
            }
            before = after;
            state = next;
        }
        Err(QuotientError::Learning(GiveUp::FalseCounterexample).into())
    }

    /// The candidate the closed, commuting table describes, reduced.
    fn candidate(&self, n: u64) -> Result<MisereQuotient> {
        let states = self.access.len();
        self.quotient.check_size(states)?;
        let product: Vec<usize> = (0..states)
            .flat_map(|q| (0..states).map(move |r| (q, r)))
            .map(|(q, r)| self.run(q, &self.access[r]))
            .collect();
        let mul = |a: usize, b: usize| product[a * states + b];
        let in_p = |a: usize| self.rows[a][0];
        let (class, first) = reduce(states, &mul, &in_p);
        let order = first.len();
        let mut table = vec![0 as Class; order * order];
        for c in 0..order {
            for d in 0..order {
                table[c * order + d] = class[mul(first[c], first[d])];
            }
        }
        let mut quotient = MisereQuotient {
            order,
            identity: class[0],
            mul: table,
            p: first.iter().map(|&a| in_p(a)).collect(),
            reps: Vec::new(),
            phi: (0..=n)
                .map(|h| match self.letter_of.get(&h) {
                    Some(&l) => class[self.delta[0][l]],
                    None => class[0],
                })
                .collect(),
            options: Vec::new(),
            raw: self.quotient.raw.clone(),
            rep_options: Vec::new(),
            budget: self.quotient.budget,
        };
        quotient.classify_options()?;
        quotient.reps = least_positions(&quotient, &self.letters);
        Ok(quotient)
    }
}

/// A least position (in the multiset order) of every class, found smallest first.
fn least_positions(quotient: &MisereQuotient, letters: &[u64]) -> Vec<Vec<u64>> {
    let mut reps: Vec<Option<Vec<u64>>> = vec![None; quotient.order];
    let mut found = 0;
    let mut queue: BinaryHeap<Reverse<Vec<u64>>> = BinaryHeap::new();
    let mut pushed: HashSet<Vec<u64>> = HashSet::new();
    queue.push(Reverse(Vec::new()));
    while let Some(Reverse(position)) = queue.pop() {
        let class = quotient
            .product_of_heaps_class(&position)
            .expect("letters are heaps added");
        if reps[class as usize].is_some() {
            continue;
        }
        for &h in letters {
            let longer = union(&position, &[h]);
            if pushed.insert(longer.clone()) {
                queue.push(Reverse(longer));
            }
        }
        reps[class as usize] = Some(position);
        found += 1;
        if found == quotient.order {
            break;
        }
    }
    reps.into_iter().map(Option::unwrap_or_default).collect()
}

impl Table<'_> {
    /// Closes the table, adds tests until the candidate it makes for the heaps up to `n` is
    /// verified, and returns that candidate.
    fn learn(&mut self, n: u64) -> Result<MisereQuotient> {
        loop {
            crate::check_stop()?;
            self.close()?;
            if let Some(test) = self.commutation_test()? {
                self.tests.push(test);
                continue;
            }
            let candidate = self.candidate(n)?;
            match candidate.check() {
                Ok(()) => return Ok(candidate),
                Err(Check::Undecided) => {
                    return Err(QuotientError::Learning(GiveUp::Unverified { heap: n }).into());
                }
                Err(Check::Wrong(positions)) => {
                    let mut test = None;
                    for position in positions {
                        let class = candidate.product_of_heaps_class(&position)?;
                        if self.truth(&position)? != candidate.is_p_class(class) {
                            test = Some(self.counterexample_test(&position)?);
                            break;
                        }
                    }
                    let Some(test) = test else {
                        return Err(
                            QuotientError::Learning(GiveUp::NoWrongPosition { heap: n }).into()
                        );
                    };
                    if self.tests.contains(&test) {
                        return Err(QuotientError::Learning(GiveUp::NoProgress { heap: n }).into());
                    }
                    if self.tests.len() >= self.limit {
                        return Err(Error::LimitExceeded {
                            resource: Resource::Positions,
                            limit: self.limit as u64,
                        });
                    }
                    self.tests.push(test);
                }
            }
        }
    }
}

impl MisereQuotient {
    /// Learns the quotient of the heaps up to `n` afresh (the options of heap `n` are already
    /// recorded, `Φ(n)` not yet).
    pub(super) fn relearn(&mut self, n: u64) -> Result<()> {
        let letters: Vec<u64> = (1..=n)
            .filter(|&h| !self.raw[h as usize].is_empty())
            .collect();
        let letter_of = letters.iter().enumerate().map(|(l, &h)| (h, l)).collect();
        let limit = usize::try_from(self.budget.positions)
            .unwrap_or(usize::MAX)
            .min(1 << 16);
        let exact_limit = usize::try_from(self.budget.positions)
            .unwrap_or(usize::MAX)
            .min(EXACT_POSITIONS);
        // The present classes' least positions are a good start for the access positions, and
        // as tests they tell apart every two of the present classes.
        let mut access: Vec<Vec<u64>> = self.reps.clone();
        access.sort();
        let tests = access.clone();
        let mut table = Table {
            letters,
            letter_of,
            exact: Exact::new(self, n, exact_limit),
            tests,
            access,
            rows: Vec::new(),
            delta: Vec::new(),
            limit,
            quotient: self,
        };
        // A bound of this method (below the budget's positions) is no limit the user can
        // raise: it is said as what it is.
        let positions = self.budget.positions;
        let bounded = |error: Error| match error {
            Error::LimitExceeded {
                resource: Resource::Positions,
                limit,
            } if limit < positions => {
                QuotientError::Learning(GiveUp::LearningBound { heap: n, limit }).into()
            }
            error => error,
        };
        let learnt = table.learn(n).map_err(bounded)?;
        *self = learnt;
        Ok(())
    }
}
