//! Positions of the catalogue's heap games analysed for a player: values, every move described,
//! winning moves and whether a typed move is legal, all from one source of values.
//!
//! The method is described on [`HeapSolver`].

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use onag_core::{Budget, Nimber, NimberSearch, Resource, Solver, Valuer};

use super::ruleset::lasker_grundy;
use crate::notation::Progress;
use crate::{
    GrundySequence, HeapGame, HeapRuleset, Heaps, Result, Ruleset, Tabulated, TakeAndBreak,
};

/// One move of a heap game: heap number `heap + 1` of `from` counters becomes the heaps `to`.
///
/// # Examples
///
/// ```
/// use onag_games::{HeapMove, Heaps};
///
/// let split = HeapMove { heap: 1, from: 4, to: Heaps::from([1, 3]), position: Heaps::from([1, 2, 3]) };
/// assert_eq!(split.to_string(), "heap 2: 4 -> 1 3");
/// let gone = HeapMove { heap: 0, from: 4, to: Heaps::new(), position: Heaps::new() };
/// assert_eq!(gone.to_string(), "heap 1: 4 -> nothing");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// Which heap moves, counting from 0 (written from 1).
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// The heaps it becomes (none: it is gone).
    pub to: Heaps,
    /// The position after the move, in canonical form.
    pub position: Heaps,
}

impl fmt::Display for HeapMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "heap {}: {} -> ", self.heap + 1, self.from)?;
        if self.to.iter().all(|heap| heap == 0) {
            f.write_str("nothing")
        } else {
            write!(f, "{}", self.to)
        }
    }
}

/// A generous bound on the memory a heap takes in the table of [`HeapSolver::searched`]: the
/// key, the entry and the map's spare room.
const SEARCHED_HEAP_BYTES: u64 = 128;

/// The values, moves and winning moves of positions of a [`Ruleset`], from one source of
/// values.
///
/// A program that lists moves, plays and gives hints must never disagree with itself, so every
/// answer comes from the same values: the ruleset's closed form, else the game's Grundy
/// sequence (with its proven period, any heap up to 2^64 - 1), else the solver's search.
/// Winning moves are found heap by heap by the Sprague-Grundy rule (a move in a heap of value
/// g wins when it leaves `g ^ total`), and inside a heap by the cheapest method that is still
/// exact: a closed form's inverse (Nim, Bash, split Nim), the period of a take-and-break game
/// (the options of a heap of 10^12 take the values of a window of `preperiod + period` smaller
/// parts), or a scan of the heap's options within the budget.
///
/// # Examples
///
/// ```
/// use onag_core::Budget;
/// use onag_games::{HeapSolver, Heaps, Ruleset};
///
/// let kayles: Ruleset = "kayles".parse()?;
/// let mut solver = HeapSolver::new(kayles, u64::MAX, Budget::DEFAULT, |_| {})?;
/// let position = Heaps::one(10u64.pow(12));
/// let (winning, _) = solver.winning_moves(&position, 1)?;
/// // The move it finds is legal and wins.
/// let first = &winning[0];
/// assert!(solver.ruleset().is_heap_move(first.from, &first.to.to_vec()));
/// assert!(solver.grundy(&first.position)?.is_zero());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct HeapSolver {
    /// The one source of values: the solver over the Grundy sequence, or (made by
    /// [`HeapSolver::searched`]) the pruned search of each heap.
    valuer: Box<dyn Valuer<Game = HeapGame<Tabulated>> + Send>,
}

impl fmt::Debug for HeapSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HeapSolver")
            .field("ruleset", self.ruleset())
            .finish_non_exhaustive()
    }
}

/// The values of a solver made by [`HeapSolver::searched`]: each heap searched alone by the
/// pruned search of one position, smaller heaps first.
struct HeapSearch {
    /// The search, of the ruleset itself (its closed forms as hooks).
    search: NimberSearch<HeapGame<Ruleset>>,
    /// The same game as the solver's valuer names it: no sequence past heap 0.
    game: HeapGame<Tabulated>,
    /// The ruleset, for its closed forms and its number of options.
    ruleset: Ruleset,
    /// The heaps below this one have been searched, in increasing order (see
    /// [`grundy`](Self::grundy)).
    searched_below: u64,
}

impl Valuer for HeapSearch {
    type Game = HeapGame<Tabulated>;

    fn game(&self) -> &HeapGame<Tabulated> {
        &self.game
    }

    fn budget(&self) -> Budget {
        self.search.budget()
    }

    /// The nim-sum of the heaps' values: each from the ruleset's closed form, else searched
    /// alone, every smaller heap first.
    fn grundy(&mut self, heaps: &Heaps) -> onag_core::Result<Nimber> {
        let budget = self.search.budget();
        let ruleset = &self.ruleset;
        let mut total = Nimber::ZERO;
        for heap in heaps.iter() {
            if let Some(value) = ruleset.heap_grundy(heap) {
                total ^= value;
                continue;
            }
            // The search of a heap values every smaller heap on the way: one whose options and
            // theirs would exceed the budget, or whose smaller heaps the table could not hold
            // (each then searched again from the top, as deep as the heap), is refused before
            // it is searched.
            let bound = estimated_options(ruleset, heap).saturating_mul(u128::from(heap) + 1);
            if bound > u128::from(budget.options) {
                return Err(budget.exceeded(Resource::Options));
            }
            if heap >= budget.positions {
                return Err(budget.exceeded(Resource::Positions));
            }
            if heap >= budget.memory / 2 / SEARCHED_HEAP_BYTES {
                return Err(budget.exceeded(Resource::Memory));
            }
            // The smaller heaps first, in increasing order: each heap's options are then
            // valued by the table, so the search never holds more than one heap's options
            // (searched from the top, a heap of n stacked about n frames of n / 2 options each:
            // 2 GB for Grundy's game at 10,000).
            for smaller in self.searched_below..heap {
                if ruleset.heap_grundy(smaller).is_none() {
                    self.search.nimber(&Heaps::one(smaller))?;
                }
                self.searched_below = smaller + 1;
            }
            total ^= self.search.nimber(&Heaps::one(heap))?;
        }
        Ok(total)
    }

    fn moves_to_value(
        &mut self,
        position: &Heaps,
        target: Nimber,
        count: usize,
    ) -> onag_core::Result<Vec<Heaps>> {
        self.search.moves_to_value(position, target, count)
    }

    fn first_winning_moves(
        &mut self,
        position: &Heaps,
        count: usize,
    ) -> onag_core::Result<Vec<Heaps>> {
        Valuer::first_winning_moves(&mut self.search, position, count)
    }

    fn work(&self) -> u64 {
        self.search.stats().questions
    }

    fn set_threads(&mut self, threads: usize) {
        self.search.set_threads(threads);
    }
}

impl HeapSolver {
    /// A solver for positions of `ruleset` whose heaps are at most `largest`: the game's Grundy
    /// sequence is computed first, up to `largest` or to a proven period, where the ruleset
    /// has no closed form. `progress` hears of both the sequence and any search.
    ///
    /// # Errors
    ///
    /// As [`Ruleset::sequence_with`], when the sequence exceeds `budget`.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Nimber};
    /// use onag_games::{HeapSolver, Heaps};
    ///
    /// let mut grundy = HeapSolver::new("grundy".parse()?, 100, Budget::DEFAULT, |_| {})?;
    /// // OEIS A002188: G(3) = 1, G(4) = 0.
    /// assert_eq!(grundy.grundy(&Heaps::from([3, 4]))?, Nimber::new(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        ruleset: Ruleset,
        largest: u64,
        budget: Budget,
        progress: impl FnMut(Progress) + Send + 'static,
    ) -> Result<HeapSolver> {
        // A closed form that overflows at the largest heap means a value beyond 2^64 - 1: no
        // search could report it either, so it is refused now rather than searched for ever.
        let has_closed_form = matches!(ruleset, Ruleset::SplitNim(_) | Ruleset::Lasker(_));
        if has_closed_form && ruleset.heap_grundy(largest).is_none() {
            return Err(crate::Error::InvalidParameter {
                game: "heap",
                value: largest.to_string(),
                reason: format!(
                    "a heap of {largest} in {ruleset} has a Grundy value beyond 2^64 - 1"
                ),
            });
        }
        let progress: Arc<Mutex<dyn FnMut(Progress) + Send>> = Arc::new(Mutex::new(progress));
        let last = if ruleset.is_tabulable() { largest } else { 0 };
        let sequence = {
            let mut report = progress.lock().unwrap_or_else(PoisonError::into_inner);
            ruleset.sequence_with(last, budget, |heap| {
                report(Progress::Sequence { heap, last });
            })?
        };
        let solver = Solver::new(HeapGame(Tabulated::new(ruleset, sequence)))
            .with_budget(budget)
            .with_progress(move |positions| {
                (progress.lock().unwrap_or_else(PoisonError::into_inner))(Progress::Search {
                    positions,
                });
            });
        Ok(HeapSolver {
            valuer: Box::new(solver),
        })
    }

    /// A solver for positions of `ruleset` whose values all come from the pruned search of one
    /// position ([`NimberSearch`], on `threads` threads) instead of the Grundy sequence: no
    /// sequence is computed, each heap is searched alone (a sum's value is the nim-sum of its
    /// heaps'), and the ruleset's closed forms (Nim, Bash, subtraction games, ...) answer as
    /// hooks. A cross-check of the sequence engine by a method that shares none of its code
    /// past the rules.
    ///
    /// # Errors
    ///
    /// None at once: a heap whose search exceeds `budget` is refused when it is valued.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::{Budget, Nimber};
    /// use onag_games::{HeapSolver, Heaps};
    ///
    /// let mut grundy = HeapSolver::searched("grundy".parse()?, Budget::DEFAULT, 1, |_| {})?;
    /// // OEIS A002188: G(20) = 0, G(21) = 4.
    /// assert_eq!(grundy.grundy(&Heaps::from([20, 21]))?, Nimber::new(4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn searched(
        ruleset: Ruleset,
        budget: Budget,
        threads: usize,
        mut progress: impl FnMut(Progress) + Send + 'static,
    ) -> Result<HeapSolver> {
        // No sequence past heap 0: the ruleset's closed forms alone answer as hooks.
        let sequence = ruleset.sequence_with(0, budget, |_| {})?;
        let game = HeapGame(Tabulated::new(ruleset.clone(), sequence));
        let search = NimberSearch::new(HeapGame(ruleset.clone()))
            .with_budget(budget)
            .with_threads(threads)
            .with_progress(move |positions| progress(Progress::Search { positions }));
        Ok(HeapSolver {
            valuer: Box::new(HeapSearch {
                search,
                game,
                ruleset,
                searched_below: 0,
            }),
        })
    }

    /// Later searches on `threads` threads (at least 1), for a solver made by
    /// [`searched`](Self::searched); others search on one.
    pub fn set_threads(&mut self, threads: usize) {
        self.valuer.set_threads(threads);
    }

    /// The value of a sum of heaps, from the one source of values.
    fn value(&mut self, heaps: &Heaps) -> Result<Nimber> {
        Ok(self.valuer.grundy(heaps)?)
    }

    /// The ruleset.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::Budget;
    /// # use onag_games::HeapSolver;
    /// let solver = HeapSolver::new("nim".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// assert_eq!(solver.ruleset().to_string(), "nim");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn ruleset(&self) -> &Ruleset {
        self.valuer.game().ruleset().ruleset()
    }

    /// The budget in force.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::Budget;
    /// # use onag_games::HeapSolver;
    /// let solver = HeapSolver::new("nim".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// assert_eq!(solver.budget(), Budget::DEFAULT);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(&self) -> Budget {
        self.valuer.budget()
    }

    /// How many positions the search has evaluated (closed forms and tables count none).
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::Budget;
    /// # use onag_games::{HeapSolver, Heaps};
    /// let mut solver = HeapSolver::new("nim".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// solver.grundy(&Heaps::from([3, 4]))?;
    /// assert_eq!(solver.positions_evaluated(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn positions_evaluated(&self) -> u64 {
        self.valuer.work()
    }

    /// The Grundy value of `position`, the nim-sum of its heaps' values.
    ///
    /// # Errors
    ///
    /// [`crate::Error::Engine`] when the search exceeds the budget.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{Budget, Nimber};
    /// # use onag_games::{HeapSolver, Heaps};
    /// let mut solver = HeapSolver::new("nim".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// assert_eq!(solver.grundy(&Heaps::from([3, 4, 5]))?, Nimber::new(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grundy(&mut self, position: &Heaps) -> Result<Nimber> {
        self.value(position)
    }

    /// The moves of `position`, heap by heap in the ruleset's order, each with the value of the
    /// position it leaves; at most `limit` of them, and whether more exist.
    ///
    /// # Errors
    ///
    /// As [`HeapSolver::grundy`].
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::{Budget, Nimber};
    /// # use onag_games::{HeapSolver, Heaps};
    /// let mut solver = HeapSolver::new("bash:2".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// let (moves, more) = solver.moves(&Heaps::from([3]), 10)?;
    /// let described: Vec<String> = moves.iter().map(|(m, _)| m.to_string()).collect();
    /// assert_eq!(described, ["heap 1: 3 -> 2", "heap 1: 3 -> 1"]);
    /// assert_eq!(moves[0].1, Nimber::new(2));
    /// assert!(!more);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn moves(
        &mut self,
        position: &Heaps,
        limit: usize,
    ) -> Result<(Vec<(HeapMove, Nimber)>, bool)> {
        let values = self.heap_values(position)?;
        let total: Nimber = values.iter().copied().collect();
        let mut listed = Vec::new();
        let ruleset = self.ruleset().clone();
        for (index, (from, value)) in position.iter().zip(values).enumerate() {
            for to in ruleset.heap_moves(from) {
                if listed.len() == limit {
                    return Ok((listed, true));
                }
                let after = total ^ value ^ self.value(&to)?;
                listed.push((self.heap_move(position, index, to), after));
            }
        }
        Ok((listed, false))
    }

    /// At most `limit` moves from `position` to P-positions, heap by heap, and whether there may
    /// be more. Empty exactly when `position` is a P-position: the search inside a heap is exact
    /// (see [`HeapSolver`]), so a heap that has a winning move yields one.
    ///
    /// # Errors
    ///
    /// As [`HeapSolver::grundy`]; and when a heap's options must be scanned, past the
    /// budget's options.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::Budget;
    /// # use onag_games::{HeapSolver, Heaps};
    /// let mut solver = HeapSolver::new("nim".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// let (winning, _) = solver.winning_moves(&Heaps::from([3, 4, 5]), 10)?;
    /// assert_eq!(winning[0].to_string(), "heap 1: 3 -> 1");
    /// assert_eq!(winning[0].position, Heaps::from([1, 4, 5]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning_moves(
        &mut self,
        position: &Heaps,
        limit: usize,
    ) -> Result<(Vec<HeapMove>, bool)> {
        let values = self.heap_values(position)?;
        let total: Nimber = values.iter().copied().collect();
        let mut winning = Vec::new();
        if total.is_zero() {
            return Ok((winning, false));
        }
        let mut more = false;
        let heaps: Vec<u64> = position.iter().collect();
        for (index, target) in onag_core::winning_targets(&values) {
            if winning.len() == limit {
                return Ok((winning, true));
            }
            let from = heaps[index];
            let (found, complete) = self.heap_moves_to(from, target, limit - winning.len())?;
            more |= !complete;
            for to in found {
                winning.push(self.heap_move(position, index, to));
            }
        }
        Ok((winning, more))
    }

    /// The move that makes heap `index` (from 0) of `position` into the heaps `parts`, if the
    /// rules allow it; empty heaps among `parts` are ignored, their order does not matter.
    ///
    /// # Examples
    ///
    /// ```
    /// # use onag_core::Budget;
    /// # use onag_games::{HeapSolver, Heaps};
    /// let solver = HeapSolver::new("kayles".parse()?, 10, Budget::DEFAULT, |_| {})?;
    /// let position = Heaps::from([10_000_000]);
    /// let split = solver.find_move(&position, 0, &[9_999_997, 1]).expect("legal");
    /// assert_eq!(split.position, Heaps::from([1, 9_999_997]));
    /// assert!(solver.find_move(&position, 0, &[3]).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn find_move(&self, position: &Heaps, index: usize, parts: &[u64]) -> Option<HeapMove> {
        let from = position.iter().nth(index)?;
        if !self.ruleset().is_heap_move(from, parts) {
            return None;
        }
        let mut to: Vec<u64> = parts.iter().copied().filter(|&part| part > 0).collect();
        to.sort_unstable();
        Some(self.heap_move(position, index, Heaps::from(to)))
    }

    fn heap_move(&self, position: &Heaps, index: usize, to: Heaps) -> HeapMove {
        let from = position.iter().nth(index).unwrap_or(0);
        let to = to.canonical();
        let after = position.replace(index, &to).unwrap_or_default().canonical();
        HeapMove {
            heap: index,
            from,
            to,
            position: after,
        }
    }

    fn heap_values(&mut self, position: &Heaps) -> Result<Vec<Nimber>> {
        position
            .iter()
            .map(|heap| self.value(&Heaps::one(heap)))
            .collect()
    }

    /// At most `count` options of a heap of `n` whose value is `target`, and whether they are
    /// all there are.
    fn heap_moves_to(
        &mut self,
        n: u64,
        target: Nimber,
        count: usize,
    ) -> Result<(Vec<Heaps>, bool)> {
        let game = self.valuer.game().ruleset();
        if let Some(mut moves) = game.heap_moves_to_value(n, target) {
            let complete = moves.len() <= count;
            moves.truncate(count);
            return Ok((moves, complete));
        }
        match game.ruleset() {
            Ruleset::SplitNim(_) => {
                return Ok(crate::heaps::split_nim::split_nim_moves_to_value(
                    n,
                    target.value(),
                    count,
                ));
            }
            Ruleset::Lasker(_) => return self.lasker_moves_to(n, target, count),
            Ruleset::TakeAndBreak { game: rules, .. } => {
                if let Some(found) = periodic_moves_to(rules, game.sequence(), n, target, count) {
                    return Ok(found);
                }
            }
            _ => {}
        }
        // A scan of the heap's options, within the budget, refused at once when it could not
        // end within it. The ruleset is cloned (it holds only parameters) so that its moves can
        // be listed while the solver values them.
        let ruleset = self.ruleset().clone();
        if estimated_options(&ruleset, n) > u128::from(self.valuer.budget().options) {
            return Err(self.valuer.budget().exceeded(Resource::Options).into());
        }
        self.scan_moves_to(ruleset.heap_moves(n), target, count)
    }

    /// Lasker's Nim: the move leaving one heap of value `target` comes from the closed form,
    /// which is its own inverse (it swaps 4k + 3 and 4k + 4), and the splits from
    /// [`lasker_splits`]; no option is scanned.
    fn lasker_moves_to(&self, n: u64, target: Nimber, count: usize) -> Result<(Vec<Heaps>, bool)> {
        let mut found = Vec::new();
        let single = match target.value() {
            0 => Some(0),
            value => lasker_grundy(value),
        };
        if let Some(single) = single.filter(|&single| single < n) {
            found.push(Heaps::one(single));
        }
        let (splits, complete) = lasker_splits(n, target.value(), count);
        found.extend(
            splits
                .into_iter()
                .map(|(small, large)| Heaps::from([small, large])),
        );
        let complete = complete && found.len() <= count;
        found.truncate(count);
        Ok((found, complete))
    }

    /// The first `count` of `options` whose value is `target`, within the budget.
    fn scan_moves_to(
        &mut self,
        options: impl Iterator<Item = Heaps>,
        target: Nimber,
        count: usize,
    ) -> Result<(Vec<Heaps>, bool)> {
        let mut found = Vec::new();
        for (option, examined) in options.zip(1u64..) {
            if examined > self.valuer.budget().options {
                return Err(self.valuer.budget().exceeded(Resource::Options).into());
            }
            if self.value(&option)? == target {
                if found.len() == count {
                    return Ok((found, false));
                }
                found.push(option);
            }
        }
        Ok((found, true))
    }
}

/// The splits `a + b = n` (0 < a <= b) of Lasker's Nim with `G(a) ^ G(b) = target`, at most
/// `count` of them, and whether they are all.
///
/// Write `a' = G(a)` and `b' = G(b)`. Then `a' ^ b' = target`, and `a + b = a' + b' + e1 + e2`,
/// where `e(x)` is +1 for x = 3 mod 4, -1 for x = 0 mod 4 (x > 0) and 0 otherwise (since
/// `G(x) = x + e(x)` and G is an involution). For each of the nine pairs `(e1, e2)`, `a' + b'`
/// is a known `m`, and two numbers with sum m and xor t share exactly the bits `c = (m - t)/2`
/// (when `m - t` is even, non-negative and `c & t = 0`): `a' = c | s`, `b' = c | (t ^ s)` for
/// the submasks s of t. The residues mod 4 (which fix e) depend only on the low two bits of s,
/// so every case is decided by the four low choices, with the high bits of s free; every
/// candidate is checked against `G` before it is listed.
fn lasker_splits(n: u64, target: u64, count: usize) -> (Vec<(u64, u64)>, bool) {
    let e = |x: u64| -> i128 {
        match x % 4 {
            3 => 1,
            0 if x > 0 => -1,
            _ => 0,
        }
    };
    let high = target & !3;
    // Every submask of the high bits when they are few; else enough of them that a case with
    // a solution always yields one (0, all of them, and one with a single bit moved).
    let all_highs = high.count_ones() <= 10;
    let highs: Vec<u64> = if all_highs {
        let mut masks = Vec::new();
        let mut sub = high;
        loop {
            masks.push(sub);
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & high;
        }
        masks
    } else {
        let low_bit = high & high.wrapping_neg();
        vec![0, high, low_bit, high ^ low_bit]
    };
    let mut found = std::collections::BTreeSet::new();
    for e1 in -1i128..=1 {
        for e2 in -1i128..=1 {
            let m = i128::from(n) - e1 - e2;
            let difference = m - i128::from(target);
            if difference < 0 || difference % 2 != 0 {
                continue;
            }
            let Ok(common) = u64::try_from(difference / 2) else {
                continue;
            };
            if common & target != 0 {
                continue;
            }
            for low in [0, 1, 2, 3].into_iter().filter(|low| low & !target == 0) {
                for &high_part in &highs {
                    let sub = low | high_part;
                    let (a_value, b_value) = (common | sub, common | (target ^ sub));
                    if e(a_value) != e1 || e(b_value) != e2 {
                        continue;
                    }
                    let (Some(a), Some(b)) = (lasker_grundy(a_value), lasker_grundy(b_value))
                    else {
                        continue;
                    };
                    let checked = a > 0
                        && b > 0
                        && a.checked_add(b) == Some(n)
                        && lasker_grundy(a).zip(lasker_grundy(b)).map(|(x, y)| x ^ y)
                            == Some(target);
                    if checked {
                        found.insert((a.min(b), a.max(b)));
                    }
                }
            }
        }
    }
    let complete = all_highs && found.len() <= count;
    (found.into_iter().take(count).collect(), complete)
}

/// An upper bound on the options of a heap of `n`, to refuse a scan that could not finish.
fn estimated_options(ruleset: &Ruleset, n: u64) -> u128 {
    let n = u128::from(n);
    match ruleset {
        Ruleset::TakeAndBreak { game, .. } | Ruleset::Lasker(game) => {
            let takes = game.max_take().map_or(n + 1, |max| u128::from(max) + 1);
            let per_take = match game.max_parts() {
                0 | 1 => 1,
                2 => n / 2 + 1,
                _ => n.saturating_mul(n),
            };
            takes.saturating_mul(per_take)
        }
        Ruleset::SubsetNim(subset) => subset.takes().len() as u128,
        Ruleset::Bash(bash) => u128::from(bash.max_take()).min(n),
        _ => n.saturating_mul(n).saturating_add(1),
    }
}

/// The options of a heap of `n` of a take-and-break game with a proven period and no saltus,
/// finite takes and at most two parts, whose value is `target`, among those of
/// [`TakeAndBreak::window_moves`] (the splits whose smaller part is at most `preperiod +
/// period`, which hold every value any option has): a winning move exists exactly when one is
/// found. `None` where the method does not apply; the flag says whether the list is complete.
fn periodic_moves_to(
    rules: &TakeAndBreak,
    sequence: &GrundySequence,
    n: u64,
    target: Nimber,
    count: usize,
) -> Option<(Vec<Heaps>, bool)> {
    let period = sequence
        .period()
        .filter(|period| period.proven && period.saltus == 0)?;
    let (options, complete) = rules.window_moves(n, period.preperiod + period.period)?;
    let mut found = Vec::new();
    for option in options {
        let value = option.iter().try_fold(Nimber::ZERO, |sum, heap| {
            Some(sum ^ Nimber::new(sequence.value(heap)?))
        })?;
        if value == target {
            if found.len() == count {
                return Some((found, false));
            }
            found.push(option);
        }
    }
    Some((found, complete))
}
