//! Misère quotients of heap games (Plambeck, *Taming the wild in impartial combinatorial
//! games*, INTEGERS 5 (2005); Plambeck & Siegel, *Misère quotients for impartial games*, JCTA
//! 115 (2008)).
//!
//! Let `A` be the positions of a heap game made of heaps up to some size: every sum of them.
//! Two positions `X` and `Y` are indistinguishable when `X + Z` and `Y + Z` have the same misère
//! outcome for every `Z` in `A`. The classes form a commutative monoid `Q` under the sum, the
//! *misère quotient*; its *P-portion* is the set of classes of misère P-positions, and the
//! *pretending function* `Φ` sends a heap to its class. Once `Q` is known, the outcome of a sum of
//! any number of heaps is one product in `Q`.
//!
//! # How it is computed, and why the answer is right
//!
//! Heaps are added one at a time. Each step keeps a finite commutative monoid `Q`, a subset `P`
//! and `Φ`, and **verifies** them: for every position `X` of `A`, `X` is a misère P-position
//! exactly when `Φ(X) ∈ P`. By induction on positions this holds when
//!
//! 1. the identity (the class of positions without moves) is not in `P`;
//! 2. no move goes from `P` to `P`: for every `x` in `Q`, heap `h` and option `o` of `h`,
//!    `x·Φ(h) ∈ P` implies `x·Φ(o) ∉ P`;
//! 3. every position outside `P` that has a move has a move into `P`.
//!
//! Condition 3 speaks of infinitely many positions, but only through the kinds of heaps they
//! hold (a heap's class and its options' classes). Call a heap *safe at* `y` when every `x` with
//! `x·Φ(h) = y` has a winning move in `h` (`x·Φ(o) ∈ P` for some option `o`). A position of class
//! `y ∉ P` with no winning move holds only heaps unsafe at `y`; if `y` is not even a product of
//! unsafe heaps, there is none. Otherwise such positions are searched for exactly, as states
//! (the class of the sum, and for each kind of heap in it the class of the sum without one heap
//! of that kind), of which there are finitely many. A candidate that passes is a correct
//! bipartite monoid for `A`; as the candidates are reduced (no two elements agree on `P` against
//! every `z`), it is the quotient itself.
//!
//! # Where the candidates come from
//!
//! For a new heap, as Plambeck and Siegel describe: first an element of the present quotient (a
//! conservative extension); else a new generator `g` adjoined, the outcomes of `x·g^k` computed
//! from the heap's options and the options of a least position of each class, `g^(K+2) = g^K`
//! taken once those outcomes repeat, and the result reduced. The new heap can also make positions
//! distinguishable that were not before (the classes of the smaller heaps split). Then the
//! candidate is *recalibrated* (see `recalibrate.rs`): its least position that disagrees with its
//! options (whose true outcome is therefore known without any search) names the heaps to give
//! generators of their own, and so on until no position disagrees, which verifies the candidate
//! as well as the three conditions do. When recalibration gives up, the quotient of all the heaps
//! so far is learnt afresh from the exact
//! misère outcomes of positions (searched over the options recorded for each heap, the verified
//! quotient of the smaller heaps answering every position without the newest heap; see
//! `exact.rs`), by Angluin's L* algorithm with Rivest and Schapire's
//! treatment of counterexamples: a table of outcomes of positions (rows) against test positions
//! (columns) gives a commutative automaton whose states are the candidate's elements; a failed
//! verification names a position the candidate gets wrong, which adds a test. Every candidate,
//! however found, is accepted only once verified.

// hashbrown's default hasher: the kinds of heaps and the states of a search for a losing sum are
// hashed for every heap checked, where SipHash was a tenth of the time.
use hashbrown::HashMap;

mod exact;
mod learn;
mod presentation;
mod recalibrate;
mod state;
mod verify;

pub use presentation::Presentation;
use recalibrate::Recalibrated;

use crate::{Budget, Error, QuotientError, Resource, Result};

/// An element of a quotient as the tables index it.
pub(crate) type Class = u32;

/// An element of a [`MisereQuotient`]: a class of positions, by its place in the quotient's
/// table (from 0 to the order).
///
/// # Examples
///
/// ```
/// use onag_core::MisereQuotient;
///
/// let mut quotient = MisereQuotient::new();
/// quotient.add_heap(1, &[vec![]])?;
/// let a = quotient.phi(1).expect("heap 1 is added");
/// // Misère Nim: two heaps of 1 are the empty position's class.
/// assert_eq!(quotient.multiply(a, a), quotient.identity());
/// assert!(a.index() < quotient.order());
/// # Ok::<(), onag_core::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Element(pub(crate) Class);

impl Element {
    /// The element's place in the quotient's table.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The misère quotient of the heaps `0..=heap_reached` of a heap game, with its P-portion and
/// pretending function, built heap by heap and verified at every step (see the module docs).
///
/// # Examples
///
/// Misère Nim with heaps of 1 and 2: the quotient `⟨a, b | a² = 1, b³ = b⟩` of order 6, whose
/// P-portion is `{a, b²}` (Plambeck & Siegel 2008).
///
/// ```
/// use onag_core::MisereQuotient;
///
/// let mut quotient = MisereQuotient::new();
/// quotient.add_heap(1, &[vec![]])?; // a heap of 1 goes to nothing
/// quotient.add_heap(2, &[vec![], vec![1]])?; // a heap of 2 to nothing or to 1
/// assert_eq!(quotient.order(), 6);
/// let presentation = quotient.presentation();
/// assert_eq!(presentation.to_string(), "⟨a, b | a^2 = 1, b^3 = b⟩");
/// let mut p: Vec<String> = quotient.p_portion().iter().map(|&x| presentation.word(x)).collect();
/// p.sort();
/// assert_eq!(p, ["a", "b^2"]);
/// // 2 + 2 is a misère P-position, 1 + 2 + 2 an N-position.
/// assert!(quotient.is_p(quotient.product_of_heaps(&[2, 2])?));
/// assert!(!quotient.is_p(quotient.product_of_heaps(&[1, 2, 2])?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct MisereQuotient {
    order: usize,
    identity: Class,
    /// `mul[x * order + y]`.
    mul: Vec<Class>,
    p: Vec<bool>,
    /// A least position of each class: heap sizes, largest first (the multiset order, in which
    /// every move goes down).
    reps: Vec<Vec<u64>>,
    /// `Φ(n)` for every heap added.
    phi: Vec<Class>,
    /// The classes of the options of each heap added, sorted, without repeats.
    options: Vec<Vec<Class>>,
    /// The options of each heap added, as given (heaps, largest first).
    raw: Vec<Vec<Vec<u64>>>,
    /// The classes of the options of each class's least position, kept while the classes stay
    /// as they are (a heap added as an element already there changes none of them); empty when
    /// they must be made again.
    rep_options: Vec<Vec<Class>>,
    budget: Budget,
}

/// How long the outcome rows of `x·g^k` are followed before giving up on `g^(K+2) = g^K`.
const MAX_POWER: usize = 24;

/// The most states explored when looking for a position that breaks condition 3 (see the
/// module docs); past it the candidate is not accepted.
const MAX_STATES: usize = 1 << 20;

/// The bytes of the multiplication table of a quotient of `order` elements, and a bit per
/// pair of elements for the checks made of it.
fn table_bytes(order: usize) -> u64 {
    let pairs = (order as u64).saturating_mul(order as u64);
    pairs.saturating_mul(4).saturating_add(pairs / 8)
}

/// Why a candidate was not accepted.
enum Check {
    /// Positions at least one of which the candidate gets wrong.
    Wrong(Vec<Vec<u64>>),
    /// The search for a position breaking condition 3 outgrew its bound.
    Undecided,
}

impl Default for MisereQuotient {
    fn default() -> Self {
        MisereQuotient::new()
    }
}

impl MisereQuotient {
    /// The quotient of the heaps of 0 alone: the trivial monoid, with an empty P-portion (a
    /// position without moves is a misère N-position).
    pub fn new() -> MisereQuotient {
        MisereQuotient {
            order: 1,
            identity: 0,
            mul: vec![0],
            p: vec![false],
            reps: vec![Vec::new()],
            phi: vec![0],
            options: vec![Vec::new()],
            raw: vec![Vec::new()],
            rep_options: Vec::new(),
            budget: Budget::DEFAULT,
        }
    }

    /// The same quotient, its growth bounded by `budget` (memory for the multiplication
    /// table, positions for the order and for the positions a relearning may tabulate).
    pub fn with_budget(mut self, budget: Budget) -> MisereQuotient {
        self.budget = budget;
        self
    }

    /// The order `|Q|`.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The largest heap added.
    pub fn heap_reached(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The identity: the class of the empty position.
    pub fn identity(&self) -> Element {
        Element(self.identity_class())
    }

    /// As [`identity`](Self::identity), by the elements' places in the tables.
    pub(crate) fn identity_class(&self) -> Class {
        self.identity
    }

    /// `x·y`.
    pub fn multiply(&self, x: Element, y: Element) -> Element {
        Element(self.multiply_class(x.0, y.0))
    }

    /// As [`multiply`](Self::multiply), by the elements' places in the tables.
    pub(crate) fn multiply_class(&self, x: Class, y: Class) -> Class {
        self.mul[x as usize * self.order + y as usize]
    }

    /// Whether `x` is in the P-portion: positions of class `x` are misère P-positions.
    pub fn is_p(&self, x: Element) -> bool {
        self.is_p_class(x.0)
    }

    /// As [`is_p`](Self::is_p), by the elements' places in the tables.
    pub(crate) fn is_p_class(&self, x: Class) -> bool {
        self.p[x as usize]
    }

    /// The P-portion, in the order of the elements.
    pub fn p_portion(&self) -> Vec<Element> {
        self.p_portion_class().into_iter().map(Element).collect()
    }

    /// As [`p_portion`](Self::p_portion), by the elements' places in the tables.
    pub(crate) fn p_portion_class(&self) -> Vec<Class> {
        (0..self.order as Class)
            .filter(|&x| self.is_p_class(x))
            .collect()
    }

    /// `Φ(n)`, for a heap added.
    pub fn phi(&self, n: u64) -> Option<Element> {
        self.phi_class(n).map(Element)
    }

    /// As [`phi`](Self::phi), by the elements' places in the tables.
    pub(crate) fn phi_class(&self, n: u64) -> Option<Class> {
        usize::try_from(n)
            .ok()
            .and_then(|n| self.phi.get(n).copied())
    }

    /// `Φ(0), ..., Φ(heap_reached)`.
    pub fn pretending(&self) -> impl ExactSizeIterator<Item = Element> + '_ {
        self.pretending_class().iter().map(|&x| Element(x))
    }

    /// As [`pretending`](Self::pretending), by the elements' places in the tables.
    pub(crate) fn pretending_class(&self) -> &[Class] {
        &self.phi
    }

    /// The classes of the options of heap `n`, for a heap added.
    pub fn option_classes(&self, n: u64) -> Option<impl ExactSizeIterator<Item = Element> + '_> {
        Some(self.option_classes_class(n)?.iter().map(|&x| Element(x)))
    }

    /// As [`option_classes`](Self::option_classes), by the elements' places in the tables.
    pub(crate) fn option_classes_class(&self, n: u64) -> Option<&[Class]> {
        usize::try_from(n)
            .ok()
            .and_then(|n| self.options.get(n))
            .map(Vec::as_slice)
    }

    /// A least position of class `x`: its heaps, largest first.
    pub fn representative(&self, x: Element) -> &[u64] {
        self.representative_class(x.0)
    }

    /// As [`representative`](Self::representative), by the elements' places in the tables.
    pub(crate) fn representative_class(&self, x: Class) -> &[u64] {
        &self.reps[x as usize]
    }

    /// The class of a sum of heaps, all added.
    ///
    /// # Errors
    ///
    /// [`Error::Quotient`] for a heap larger than [`heap_reached`](Self::heap_reached).
    pub fn product_of_heaps(&self, heaps: &[u64]) -> Result<Element> {
        self.product_of_heaps_class(heaps).map(Element)
    }

    /// As [`product_of_heaps`](Self::product_of_heaps), by the elements' places in the tables.
    pub(crate) fn product_of_heaps_class(&self, heaps: &[u64]) -> Result<Class> {
        self.product_class(heaps.iter().copied()).ok_or_else(|| {
            let past = heaps.iter().copied().max().unwrap_or_default();
            Error::from(QuotientError::PastQuotient {
                heap: past,
                reached: self.heap_reached(),
            })
        })
    }

    /// The class of a sum of heaps, or `None` when one is larger than
    /// [`heap_reached`](Self::heap_reached): [`product_of_heaps`](Self::product_of_heaps)
    /// without building an error, for a caller that asks of many positions whether the
    /// quotient covers them.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::MisereQuotient;
    ///
    /// let mut quotient = MisereQuotient::new();
    /// quotient.add_heap(1, &[vec![]])?; // heaps of 1 alone: P with an odd number of them
    /// let one = quotient.product([1]).ok_or("heap 1 is covered")?;
    /// assert_eq!(quotient.product([1, 1, 1]), Some(one));
    /// assert_eq!(quotient.product([1, 2]), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn product(&self, heaps: impl IntoIterator<Item = u64>) -> Option<Element> {
        self.product_class(heaps).map(Element)
    }

    /// As [`product`](Self::product), by the elements' places in the tables.
    pub(crate) fn product_class(&self, heaps: impl IntoIterator<Item = u64>) -> Option<Class> {
        heaps.into_iter().try_fold(self.identity, |x, n| {
            Some(self.multiply_class(x, self.phi_class(n)?))
        })
    }

    /// Adds heap `n` (the next one: `heap_reached() + 1`), whose options are `options`, each
    /// the heaps it leaves (all smaller than `n`; an empty option removes the heap). When the
    /// new heap splits classes of the smaller heaps, the quotient is learnt afresh from exact
    /// outcomes searched over the options recorded (see the module docs).
    ///
    /// # Errors
    ///
    /// [`Error::Quotient`] when `n` is not the next heap, an option holds a heap not smaller
    /// than `n`, or no candidate could be verified (the computation stops rather than guess);
    /// [`Error::LimitExceeded`] when the quotient would outgrow the budget, or the search for
    /// exact outcomes its bound.
    /// The quotient is unchanged after an error.
    pub fn add_heap(&mut self, n: u64, options: &[Vec<u64>]) -> Result<()> {
        if n != self.heap_reached() + 1 {
            return Err(QuotientError::NotNextHeap {
                heap: n,
                reached: self.heap_reached(),
            }
            .into());
        }
        let mut raw: Vec<Vec<u64>> = Vec::with_capacity(options.len().min(1 << 16));
        let mut images = Vec::with_capacity(options.len().min(1 << 16));
        for option in options {
            if let Some(&too_big) = option.iter().find(|&&h| h >= n) {
                return Err(QuotientError::OptionNotSmaller {
                    heap: n,
                    left: too_big,
                }
                .into());
            }
            let mut heaps: Vec<u64> = option.iter().copied().filter(|&h| h > 0).collect();
            heaps.sort_unstable_by(|a, b| b.cmp(a));
            images.push(self.product_of_heaps_class(&heaps)?);
            raw.push(heaps);
        }
        raw.sort_unstable();
        raw.dedup();
        images.sort_unstable();
        images.dedup();
        self.raw.push(raw);
        self.options.push(images);
        if self.options[n as usize].is_empty() {
            // A heap without moves is the empty game.
            self.phi.push(self.identity);
            return Ok(());
        }
        // A conservative extension: the heap is an element already there. A quick necessary
        // condition first: the least position of each class plus the heap is a P-position
        // exactly when none of its options is, as the candidate predicts them.
        let mut candidates: Vec<Class> = (0..self.order as Class).collect();
        candidates.sort_by(|&x, &y| self.reps[x as usize].cmp(&self.reps[y as usize]));
        self.make_rep_options();
        // Whether a move in the new heap wins beside x: the same for every candidate.
        let heap_move_wins: Vec<bool> = (0..self.order as Class)
            .map(|x| {
                self.options[n as usize]
                    .iter()
                    .any(|&o| self.is_p_class(self.multiply_class(x, o)))
            })
            .collect();
        candidates.retain(|&g| {
            (0..self.order as Class).all(|x| {
                let no_winning_move = !heap_move_wins[x as usize]
                    && self.rep_options[x as usize]
                        .iter()
                        .all(|&x2| !self.is_p_class(self.multiply_class(x2, g)));
                self.is_p_class(self.multiply_class(x, g)) == no_winning_move
            })
        });
        for x in candidates {
            self.phi.push(x);
            if self.check_last().is_ok() {
                return Ok(());
            }
            self.phi.pop();
        }
        // A new generator; failing that, the quotient learnt afresh. A failure leaves the
        // quotient as it was before the heap.
        let extended = self.snapshot();
        let adjoined = match self.adjoin(n) {
            Ok(adjoined) => adjoined,
            Err(error) => {
                self.abandon(extended);
                return Err(error);
            }
        };
        // The adjoined candidate is verified, or recalibrated from its least failure; failing
        // that, the quotient is learnt afresh.
        let trial = adjoined.then(|| self.clone());
        self.restore(extended.clone());
        let mut gave_up = None;
        if let Some(trial) = trial {
            match trial.recalibrated() {
                Ok(Recalibrated::Found(found)) => {
                    *self = found;
                    return Ok(());
                }
                Ok(Recalibrated::GaveUp(why)) => gave_up = Some(why),
                Err(error) => {
                    self.abandon(extended);
                    return Err(error);
                }
            }
        }
        let result = self.relearn(n);
        if result.is_err() {
            self.abandon(extended);
        }
        // Both ways are said when both gave up.
        match (result, gave_up) {
            (Err(Error::Quotient(QuotientError::Learning(learning))), Some(recalibration)) => {
                Err(QuotientError::BothGaveUp {
                    recalibration,
                    learning,
                }
                .into())
            }
            (result, _) => result,
        }
    }

    /// A copy of everything but the recorded options of the heaps (`raw`), which only grow and
    /// hold every option of every heap: copying them for each heap added made a quotient's
    /// computation quadratic in the options (a seventh of Kayles' time to certification).
    fn snapshot(&mut self) -> MisereQuotient {
        let raw = std::mem::take(&mut self.raw);
        let copy = self.clone();
        self.raw = raw;
        copy
    }

    /// Puts back what [`snapshot`](Self::snapshot) copied, keeping the recorded options.
    fn restore(&mut self, snapshot: MisereQuotient) {
        let raw = std::mem::take(&mut self.raw);
        *self = snapshot;
        self.raw = raw;
    }

    /// Puts back the quotient of the heaps before the last, from a snapshot taken with the last
    /// heap's options recorded but no class given to it.
    fn abandon(&mut self, extended: MisereQuotient) {
        self.restore(extended);
        self.options.pop();
        self.raw.pop();
    }

    /// Makes the classes of the options of every class's least position, unless they are kept.
    fn make_rep_options(&mut self) {
        if self.rep_options.len() != self.order {
            self.rep_options = (0..self.order as Class)
                .map(|x| self.representative_options(x))
                .collect();
        }
    }

    /// The products of any number of the elements `generators`, the empty product included:
    /// `span[x]` says whether `x` is one.
    fn span(&self, generators: &[Class]) -> Vec<bool> {
        let mut reached = vec![false; self.order];
        reached[self.identity as usize] = true;
        let mut queue: Vec<Class> = vec![self.identity];
        while let Some(x) = queue.pop() {
            for &g in generators {
                let z = self.multiply_class(x, g);
                if !reached[z as usize] {
                    reached[z as usize] = true;
                    queue.push(z);
                }
            }
        }
        reached
    }

    /// The classes of the options of every heap, from the options recorded.
    fn classify_options(&mut self) -> Result<()> {
        let mut all = Vec::with_capacity(self.raw.len());
        for options in &self.raw {
            let mut classes: Vec<Class> = options
                .iter()
                .map(|o| self.product_of_heaps_class(o))
                .collect::<Result<_>>()?;
            classes.sort_unstable();
            classes.dedup();
            all.push(classes);
        }
        self.options = all;
        Ok(())
    }

    /// The classes of the options of the least position of `x`.
    fn representative_options(&self, x: Class) -> Vec<Class> {
        let rep = &self.reps[x as usize];
        let mut found = Vec::new();
        for (i, &heap) in rep.iter().enumerate() {
            if i > 0 && rep[i - 1] == heap {
                continue;
            }
            let rest = rep
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(self.identity, |acc, (_, &h)| {
                    self.multiply_class(acc, self.phi[h as usize])
                });
            for &o in &self.options[heap as usize] {
                found.push(self.multiply_class(rest, o));
            }
        }
        found.sort_unstable();
        found.dedup();
        found
    }

    /// Adjoins a generator for heap `n` (whose option classes are the last entry of `options`)
    /// and reduces; `phi` gets `Φ(n)`. `false` (the quotient unchanged) when the outcomes of
    /// sums with many heaps of `n` do not repeat within [`MAX_POWER`] heaps, so that no
    /// generator can be adjoined.
    fn adjoin(&mut self, n: u64) -> Result<bool> {
        let order = self.order;
        let heap_options = self.options[n as usize].clone();
        // Elements by their least positions, so that a position's options come first.
        let mut by_rep: Vec<Class> = (0..order as Class).collect();
        by_rep.sort_by(|&x, &y| self.reps[x as usize].cmp(&self.reps[y as usize]));
        self.make_rep_options();
        let rep_options = std::mem::take(&mut self.rep_options);
        // rows[k][x]: whether (a least position of x) + k heaps of n is a P-position.
        let mut rows: Vec<Vec<bool>> = vec![self.p.clone()];
        let mut period_from = None;
        for k in 1..=MAX_POWER {
            let mut row = vec![false; order];
            for &x in &by_rep {
                let heap_move_wins = heap_options
                    .iter()
                    .any(|&o| rows[k - 1][self.multiply_class(x, o) as usize]);
                let other_move_wins = rep_options[x as usize].iter().any(|&y| row[y as usize]);
                row[x as usize] = !heap_move_wins && !other_move_wins;
            }
            rows.push(row);
            if k >= 2 && rows[k] == rows[k - 2] {
                period_from = Some(k - 2);
                break;
            }
        }
        let Some(top) = period_from else {
            return Ok(false);
        };
        // Elements (x, k) for k in 0..=top+1, with g^(top+2) = g^top.
        let powers = top + 2;
        let size = order * powers;
        self.check_size(size)?;
        let fold = |k: usize| if k < powers { k } else { top + (k - top) % 2 };
        let pair_mul = |a: usize, b: usize| -> usize {
            let (x, k) = (a / powers, a % powers);
            let (y, l) = (b / powers, b % powers);
            self.multiply_class(x as Class, y as Class) as usize * powers + fold(k + l)
        };
        let in_p = |a: usize| rows[a % powers][a / powers];
        let (class, first) = reduce(size, &pair_mul, &in_p);
        let new_order = first.len();
        self.check_size(new_order)?;
        let mut reps: Vec<Vec<u64>> = vec![Vec::new(); new_order];
        let mut seen = vec![false; new_order];
        for (a, &c) in class.iter().enumerate() {
            let c = c as usize;
            let mut rep = vec![n; a % powers];
            rep.extend_from_slice(&self.reps[a / powers]);
            if !seen[c] || rep < reps[c] {
                reps[c] = rep;
                seen[c] = true;
            }
        }
        let mut mul = vec![0 as Class; new_order * new_order];
        for c in 0..new_order {
            for d in 0..new_order {
                mul[c * new_order + d] = class[pair_mul(first[c], first[d])];
            }
        }
        let p = first.iter().map(|&a| in_p(a)).collect();
        let lift = |x: Class| class[x as usize * powers];
        let generator = class[self.identity as usize * powers + 1];
        self.phi = self.phi.iter().map(|&x| lift(x)).collect();
        self.phi.push(generator);
        for list in &mut self.options {
            for o in list.iter_mut() {
                *o = lift(*o);
            }
            list.sort_unstable();
            list.dedup();
        }
        self.identity = lift(self.identity);
        self.order = new_order;
        self.mul = mul;
        self.p = p;
        self.reps = reps;
        Ok(true)
    }

    fn check_size(&self, order: usize) -> Result<()> {
        self.check_size_beside(order, 0)
    }

    /// As [`check_size`](Self::check_size), with `held` bytes already held by other
    /// candidates and work beside the new one.
    fn check_size_beside(&self, order: usize, held: u64) -> Result<()> {
        if order as u64 > self.budget.positions {
            return Err(self.budget.exceeded(Resource::Positions));
        }
        if table_bytes(order).saturating_add(held) > self.budget.memory {
            return Err(self.budget.exceeded(Resource::Memory));
        }
        Ok(())
    }

    /// The bytes a quotient of this order holds: its table, and a bit per pair for the
    /// checks made of it.
    fn bytes(&self) -> u64 {
        table_bytes(self.order)
    }

    /// Generators and relations, as the literature writes them (see [`Presentation`]).
    pub fn presentation(&self) -> Presentation {
        Presentation::of(self)
    }
}

/// Two positions together, largest heap first.
fn union(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut all: Vec<u64> = a.iter().chain(b).copied().collect();
    all.sort_unstable_by(|x, y| y.cmp(x));
    all
}

/// The reduction of a finite commutative monoid of `size` elements (its product `mul`) by the
/// subset `in_p`: `a` and `b` are one class when `a·z` and `b·z` agree on `in_p` for every `z`
/// (a congruence). Returns each element's class and an element of each class.
fn reduce(
    size: usize,
    mul: &dyn Fn(usize, usize) -> usize,
    in_p: &dyn Fn(usize) -> bool,
) -> (Vec<Class>, Vec<usize>) {
    let mut signature: HashMap<Vec<u64>, Class> = HashMap::new();
    let mut class = vec![0 as Class; size];
    let mut first = Vec::new();
    for (a, slot) in class.iter_mut().enumerate() {
        let mut bits = vec![0u64; size.div_ceil(64)];
        for z in 0..size {
            if in_p(mul(a, z)) {
                bits[z / 64] |= 1 << (z % 64);
            }
        }
        let next = signature.len() as Class;
        *slot = *signature.entry(bits).or_insert_with(|| {
            first.push(a);
            next
        });
    }
    (class, first)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bouton's rule for misère Nim, the exact outcome of a position.
    fn bouton(heaps: &[u64]) -> bool {
        let nim_sum = heaps.iter().fold(0, |sum, h| sum ^ h);
        if heaps.iter().all(|&h| h <= 1) {
            nim_sum == 1
        } else {
            nim_sum == 0
        }
    }

    fn nim_options(n: u64) -> Vec<Vec<u64>> {
        (0..n).map(|m| vec![m]).collect()
    }

    #[test]
    fn a_failed_heap_leaves_the_quotient_as_it_was() {
        let mut quotient = MisereQuotient::new();
        for n in 1..=3 {
            quotient.add_heap(n, &nim_options(n)).unwrap();
        }
        let (order, phi) = (quotient.order(), quotient.pretending_class().to_vec());
        // Heap 4 needs a new generator, which a budget of the present order cannot hold.
        let tight = Budget {
            positions: order as u64,
            ..Budget::DEFAULT
        };
        let mut quotient = quotient.with_budget(tight);
        assert!(matches!(
            quotient.add_heap(4, &nim_options(4)),
            Err(Error::LimitExceeded { .. })
        ));
        assert_eq!(
            (
                quotient.order(),
                quotient.pretending_class(),
                quotient.heap_reached()
            ),
            (order, phi.as_slice(), 3)
        );
        assert_eq!(quotient.recorded_options(4), None);
        // The recorded options were put back too: heap 4 goes in once the budget allows it,
        // and every position of up to three heaps of at most 4 follows Bouton's rule.
        let mut quotient = quotient.with_budget(Budget::DEFAULT);
        quotient.add_heap(4, &nim_options(4)).unwrap();
        for a in 0..=4 {
            for b in a..=4 {
                for c in b..=4 {
                    let heaps = [c, b, a];
                    let class = quotient.product_of_heaps_class(&heaps).unwrap();
                    assert_eq!(quotient.is_p_class(class), bouton(&heaps));
                }
            }
        }
    }
}
