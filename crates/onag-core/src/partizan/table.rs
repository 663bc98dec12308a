//! The interned table of games: every form stored once, and the operations on them, run by
//! one explicit stack (no recursion on a game's depth).
//!
//! A node is a number (its options made on demand from the number, never stored as a tree),
//! a number-up-star `x + n.^ + *m` (the same), a general canonical form (its options
//! stored), or a raw form (options that are canonical, the form itself maybe not), which is
//! what a sum or a cooling builds before it is canonicalised. Each operation is a [`Key`];
//! its answer is kept in one memo table. An operation that needs an answer not yet known
//! pushes that key and is tried again once it is known.

use std::sync::Arc;

use hashbrown::HashMap;
use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

use super::dyadic::Dyadic;
use super::thermograph::{Thermograph, Trajectory};
use crate::error::{Error, Resource, Result};

/// The index of a node in the table.
pub(crate) type Id = u32;

/// Left's and Right's options, sorted: the key of a form in the table.
type Options = (Box<[Id]>, Box<[Id]>);

/// `number + ups.^ + *nim`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Nus {
    pub(crate) number: Dyadic,
    pub(crate) ups: i64,
    pub(crate) nim: u64,
}

impl Nus {
    fn zero_or_more(&self) -> bool {
        match self.number.signum() {
            1 => true,
            -1 => false,
            _ => match self.ups {
                0 => self.nim == 0,
                1 => self.nim != 1,
                n => n > 1,
            },
        }
    }
}

#[derive(Clone, Debug)]
pub(crate) enum Kind {
    Number(Dyadic),
    Nus(Nus),
    General,
    Raw,
}

#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) left: Box<[Id]>,
    pub(crate) right: Box<[Id]>,
    /// Numbers and number-up-stars get their options when first asked.
    options_ready: bool,
    /// A general canonical form's stops, worked out from its options when it is made.
    stops: Option<Box<(Dyadic, Dyadic)>>,
}

/// An operation and its arguments.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Op {
    Leq,
    Add,
    Neg,
    Canon,
    Stops,
    Birthday,
    Thermograph,
    Cool,
    Heat,
    Overheat,
    AllSmall,
    AtomicWeight,
    Reduced,
    Norton,
    Conjunctive,
    Selective,
    Ordinal,
    Product,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Key {
    op: Op,
    a: Id,
    b: Id,
    c: Id,
}

#[derive(Clone, Debug)]
enum Answer {
    Bool(bool),
    Form(Id),
    Stops(Arc<(Dyadic, Dyadic)>),
    Birthday(Arc<BigInt>),
    Thermograph(Arc<Thermograph>),
}

/// Bytes counted for a node besides its options, and for a memo entry.
const NODE_BYTES: usize = 96;
const ENTRY_BYTES: usize = 48;
const LEQ_BYTES: usize = 16;

/// The error of a count of ups past 63 bits.
fn too_many_ups() -> Error {
    Error::InvalidArgument {
        why: "the count of ups of a game must stay within 2^63 - 1 either way".to_string(),
    }
}

/// The comparisons known: for each form `a`, the forms `b` with `a <= b` answered.
#[derive(Default)]
struct Leqs {
    by_first: Vec<Option<Box<HashMap<Id, bool>>>>,
    len: usize,
}

impl Leqs {
    fn get(&self, a: Id, b: Id) -> Option<bool> {
        self.by_first.get(a as usize)?.as_ref()?.get(&b).copied()
    }

    fn insert(&mut self, a: Id, b: Id, v: bool) {
        let a = a as usize;
        if self.by_first.len() <= a {
            self.by_first.resize_with(a + 1, || None);
        }
        if self.by_first[a]
            .get_or_insert_with(Default::default)
            .insert(b, v)
            .is_none()
        {
            self.len += 1;
        }
    }

    fn len(&self) -> usize {
        self.len
    }
}

pub(crate) struct Table {
    pub(crate) nodes: Vec<Node>,
    numbers: HashMap<Dyadic, Id>,
    nuses: HashMap<Nus, Id>,
    general: HashMap<Options, Id>,
    memo: HashMap<Key, Answer>,
    /// The comparisons `a <= b`, the most numerous answers: one small map per `a`, so that
    /// the comparisons of one form with many stay close together in memory.
    leqs: Leqs,
    bytes: usize,
    pub(crate) max_bytes: usize,
    pub(crate) max_steps: u64,
    steps: u64,
    ticker: crate::ticker::Ticker,
    /// Emptied stacks of keys, kept for the driver's next run (a run per canonical form of a
    /// game's search: their allocations were a tenth of a Domineering search).
    spare: Vec<Vec<Key>>,
}

/// The default bound of the table: 4 GiB.
pub(crate) const DEFAULT_MAX_BYTES: usize = 4 << 30;

impl Table {
    pub(crate) fn new() -> Table {
        let mut table = Table {
            nodes: Vec::new(),
            numbers: HashMap::new(),
            nuses: HashMap::new(),
            general: HashMap::new(),
            memo: HashMap::new(),
            leqs: Leqs::default(),
            bytes: 0,
            max_bytes: DEFAULT_MAX_BYTES,
            max_steps: u64::MAX,
            steps: 0,
            ticker: crate::ticker::Ticker::new(),
            spare: Vec::new(),
        };
        table.number(Dyadic::zero());
        table
    }

    /// The bytes the table holds, by its own count.
    pub(crate) fn bytes(&self) -> usize {
        self.bytes
    }

    /// Forgets the memo of operations (the forms stay), when it holds more than half the
    /// budget; called between operations, never during one.
    pub(crate) fn trim(&mut self) {
        let memo_bytes = self.memo.len() * ENTRY_BYTES + self.leqs.len() * LEQ_BYTES;
        if memo_bytes > self.max_bytes / 2 {
            self.bytes -= memo_bytes;
            self.memo = HashMap::new();
            self.leqs = Leqs::default();
        }
    }

    /// A known answer.
    fn recall(&self, key: &Key) -> Option<Answer> {
        if key.op == Op::Leq {
            return self.leqs.get(key.a, key.b).map(Answer::Bool);
        }
        self.memo.get(key).cloned()
    }

    fn knows(&self, key: &Key) -> bool {
        if key.op == Op::Leq {
            return self.leqs.get(key.a, key.b).is_some();
        }
        self.memo.contains_key(key)
    }

    fn remember(&mut self, key: Key, answer: Answer) -> Result<()> {
        if let (Op::Leq, Answer::Bool(v)) = (key.op, &answer) {
            self.count(LEQ_BYTES)?;
            self.leqs.insert(key.a, key.b, *v);
        } else {
            self.count(ENTRY_BYTES)?;
            self.memo.insert(key, answer);
        }
        Ok(())
    }

    fn count(&mut self, bytes: usize) -> Result<()> {
        self.bytes += bytes;
        if self.bytes > self.max_bytes {
            return Err(Error::LimitExceeded {
                resource: Resource::Memory,
                limit: self.max_bytes as u64,
            });
        }
        Ok(())
    }

    fn push_node(
        &mut self,
        kind: Kind,
        left: Box<[Id]>,
        right: Box<[Id]>,
        ready: bool,
    ) -> Result<Id> {
        self.count(NODE_BYTES + 8 * (left.len() + right.len()))?;
        let id = Id::try_from(self.nodes.len()).map_err(|_| Error::LimitExceeded {
            resource: Resource::Memory,
            limit: self.max_bytes as u64,
        })?;
        self.nodes.push(Node {
            kind,
            left,
            right,
            options_ready: ready,
            stops: None,
        });
        Ok(id)
    }

    // ---- interning ------------------------------------------------------------------------

    pub(crate) fn number(&mut self, x: Dyadic) -> Id {
        if let Some(&id) = self.numbers.get(&x) {
            return id;
        }
        // A number costs little; it is counted but never refused, so that arithmetic on
        // numbers cannot fail.
        self.bytes += NODE_BYTES;
        let id = self.nodes.len() as Id;
        self.nodes.push(Node {
            kind: Kind::Number(x.clone()),
            left: Box::new([]),
            right: Box::new([]),
            options_ready: false,
            stops: None,
        });
        self.numbers.insert(x, id);
        id
    }

    pub(crate) fn nus(&mut self, nus: Nus) -> Id {
        if nus.ups == 0 && nus.nim == 0 {
            return self.number(nus.number);
        }
        if let Some(&id) = self.nuses.get(&nus) {
            return id;
        }
        self.bytes += NODE_BYTES;
        let id = self.nodes.len() as Id;
        self.nodes.push(Node {
            kind: Kind::Nus(nus.clone()),
            left: Box::new([]),
            right: Box::new([]),
            options_ready: false,
            stops: None,
        });
        self.nuses.insert(nus, id);
        id
    }

    /// The value as a number-up-star, if it is one (numbers included).
    pub(crate) fn as_nus(&self, id: Id) -> Option<Nus> {
        match &self.nodes[id as usize].kind {
            Kind::Number(x) => Some(Nus {
                number: x.clone(),
                ups: 0,
                nim: 0,
            }),
            Kind::Nus(n) => Some(n.clone()),
            _ => None,
        }
    }

    pub(crate) fn as_number(&self, id: Id) -> Option<&Dyadic> {
        match &self.nodes[id as usize].kind {
            Kind::Number(x) => Some(x),
            _ => None,
        }
    }

    pub(crate) fn is_canonical(&self, id: Id) -> bool {
        !matches!(self.nodes[id as usize].kind, Kind::Raw)
    }

    /// A form with these (canonical) options, not yet canonical itself.
    pub(crate) fn raw(&mut self, mut left: Vec<Id>, mut right: Vec<Id>) -> Result<Id> {
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.general.get(&key) {
            return Ok(id);
        }
        let id = self.push_node(Kind::Raw, key.0.clone(), key.1.clone(), true)?;
        self.count(8 * (key.0.len() + key.1.len()))?;
        self.general.insert(key, id);
        self.set_raw_stops(id);
        Ok(id)
    }

    /// A raw form's stops, where its options tell them: with `L' = max R(G^L)` and
    /// `R' = min L(G^R)`, a form equal to a number `x` has `L' <= x <= R'` (an option
    /// `G^L` with `R(G^L) > x` would be `> x`: Siegel, CGT §II.1), so `L' > R'` says the
    /// form is no number, and then its stops are `L'` and `R'`. They let comparisons with
    /// a form not yet canonical (a reversibility test) be decided by stops, as between
    /// canonical forms.
    fn set_raw_stops(&mut self, id: Id) {
        if let Some((l, r)) = self.option_stops(id).filter(|(l, r)| l > r) {
            let stops = Box::new((l.clone(), r.clone()));
            self.nodes[id as usize].stops = Some(stops);
        }
    }

    /// The canonical form with these (canonical) options: at once when they are numbers with
    /// a number between them, the commonest case in a game's search, else by simplifying the
    /// raw form.
    pub(crate) fn with_options(&mut self, left: Vec<Id>, right: Vec<Id>) -> Result<Id> {
        if let Some(x) = self.number_between(&left, &right) {
            return Ok(self.number(x));
        }
        let raw = self.raw(left, right)?;
        self.canon(raw)
    }

    /// The node of a canonical form with these options (sorted, deduplicated): the
    /// number-up-star it is, if it is one, so that each value has one node.
    fn canonical(&mut self, left: Vec<Id>, right: Vec<Id>) -> Result<Id> {
        if let Some(nus) = self.recognise_nus(&left, &right) {
            return Ok(self.nus(nus));
        }
        let key = (left.into_boxed_slice(), right.into_boxed_slice());
        if let Some(&id) = self.general.get(&key) {
            if matches!(self.nodes[id as usize].kind, Kind::Raw) {
                self.nodes[id as usize].kind = Kind::General;
                self.set_stops(id);
            }
            return Ok(id);
        }
        let id = self.push_node(Kind::General, key.0.clone(), key.1.clone(), true)?;
        self.count(8 * (key.0.len() + key.1.len()))?;
        self.general.insert(key, id);
        self.set_stops(id);
        Ok(id)
    }

    /// Works out a general canonical form's stops from its options' (Siegel, CGT §II.1):
    /// Left's stop is the greatest right stop of a Left option, Right's the least left stop of
    /// a Right option.
    fn set_stops(&mut self, id: Id) {
        if let Some((l, r)) = self.option_stops(id) {
            let stops = Box::new((l.clone(), r.clone()));
            self.nodes[id as usize].stops = Some(stops);
        }
    }

    /// `max R(G^L)` and `min L(G^R)` of a node whose options' stops are known, borrowed.
    fn option_stops(&self, id: Id) -> Option<(&Dyadic, &Dyadic)> {
        let node = &self.nodes[id as usize];
        let mut left: Option<&Dyadic> = None;
        let mut right: Option<&Dyadic> = None;
        for &o in node.left.iter() {
            let s = self.known_stops(o)?;
            if left.is_none_or(|l| s.1 > l) {
                left = Some(s.1);
            }
        }
        for &o in node.right.iter() {
            let s = self.known_stops(o)?;
            if right.is_none_or(|r| s.0 < r) {
                right = Some(s.0);
            }
        }
        Some((left?, right?))
    }

    /// The stops of a canonical form known without work, left then right: a number's and a
    /// number-up-star's (its number, twice), and a general form's once made; `None` for a raw
    /// form. Borrowed: the comparisons that read them allocate nothing.
    fn known_stops(&self, id: Id) -> Option<(&Dyadic, &Dyadic)> {
        match &self.nodes[id as usize].kind {
            Kind::Number(x) => Some((x, x)),
            Kind::Nus(n) => Some((&n.number, &n.number)),
            Kind::General | Kind::Raw => self.nodes[id as usize]
                .stops
                .as_deref()
                .map(|stops| (&stops.0, &stops.1)),
        }
    }

    /// The canonical forms of number-up-stars (Siegel, CGT, §II.4): for `n >= 1`,
    /// `x + n.^ + *m = {x | x + (n-1).^ + *(m^1)}` except `x + ^* = {x, x* | x}`; nimbers
    /// `x + *m = {x + *k | x + *k}` over `k < m`; the negatives mirror them. This is the
    /// inverse: given canonical options, the number-up-star they make, if any.
    fn recognise_nus(&self, left: &[Id], right: &[Id]) -> Option<Nus> {
        if left.is_empty() || right.is_empty() {
            return None;
        }
        let nus_of = |id: Id| self.as_nus(id);
        if left == right {
            // x + *m: the options are x + *k for k < m, each once.
            let first = nus_of(left[0])?;
            let mut seen = vec![false; left.len()];
            for &id in left {
                let n = nus_of(id)?;
                if n.number != first.number || n.ups != 0 || n.nim as usize >= left.len() {
                    return None;
                }
                seen[n.nim as usize] = true;
            }
            if seen.iter().all(|&s| s) {
                return Some(Nus {
                    number: first.number,
                    ups: 0,
                    nim: left.len() as u64,
                });
            }
            return None;
        }
        // x + ^* = {x, x* | x} and x + v* = {x | x, x*}.
        for (pair, single, ups) in [(left, right, 1), (right, left, -1)] {
            if pair.len() == 2 && single.len() == 1 {
                let x = self.as_number(single[0])?;
                let nims: Option<Vec<u64>> = pair
                    .iter()
                    .map(|&o| {
                        nus_of(o)
                            .filter(|n| &n.number == x && n.ups == 0)
                            .map(|n| n.nim)
                    })
                    .collect();
                let mut nims = nims?;
                nims.sort_unstable();
                if nims == [0, 1] {
                    return Some(Nus {
                        number: x.clone(),
                        ups,
                        nim: 1,
                    });
                }
                return None;
            }
        }
        if left.len() == 1 && right.len() == 1 {
            if let Some(x) = self.as_number(left[0]) {
                let r = nus_of(right[0])?;
                if &r.number == x && r.ups >= 0 && !(r.ups == 0 && r.nim == 0) {
                    let up = Nus {
                        number: x.clone(),
                        ups: r.ups.checked_add(1)?,
                        nim: r.nim ^ 1,
                    };
                    if !(up.ups == 1 && up.nim == 1) {
                        return Some(up);
                    }
                }
            }
            if let Some(x) = self.as_number(right[0]) {
                let l = nus_of(left[0])?;
                if &l.number == x && l.ups <= 0 && !(l.ups == 0 && l.nim == 0) {
                    let down = Nus {
                        number: x.clone(),
                        ups: l.ups.checked_sub(1)?,
                        nim: l.nim ^ 1,
                    };
                    if !(down.ups == -1 && down.nim == 1) {
                        return Some(down);
                    }
                }
            }
        }
        None
    }

    /// Makes the options of a number or number-up-star node, once.
    pub(crate) fn ensure_options(&mut self, id: Id) -> Result<()> {
        if self.nodes[id as usize].options_ready {
            return Ok(());
        }
        let (left, right) = match self.nodes[id as usize].kind.clone() {
            Kind::Number(x) => {
                let (l, r) = x.options();
                (
                    l.into_iter().map(|l| self.number(l)).collect::<Vec<_>>(),
                    r.into_iter().map(|r| self.number(r)).collect::<Vec<_>>(),
                )
            }
            Kind::Nus(n) => {
                let x = n.number.clone();
                let at = |table: &mut Table, ups: i64, nim: u64| {
                    table.nus(Nus {
                        number: x.clone(),
                        ups,
                        nim,
                    })
                };
                if n.ups == 0 {
                    // *m has m options: refused at once if they cannot fit the budget.
                    let needed = (n.nim as u128) * (NODE_BYTES as u128 + 16);
                    if needed + self.bytes as u128 > self.max_bytes as u128 {
                        return Err(Error::LimitExceeded {
                            resource: Resource::Memory,
                            limit: self.max_bytes as u64,
                        });
                    }
                    let all: Vec<Id> = (0..n.nim).map(|k| at(self, 0, k)).collect();
                    (all.clone(), all)
                } else if n.ups == 1 && n.nim == 1 {
                    (vec![at(self, 0, 0), at(self, 0, 1)], vec![at(self, 0, 0)])
                } else if n.ups == -1 && n.nim == 1 {
                    (vec![at(self, 0, 0)], vec![at(self, 0, 0), at(self, 0, 1)])
                } else if n.ups > 0 {
                    (vec![at(self, 0, 0)], vec![at(self, n.ups - 1, n.nim ^ 1)])
                } else {
                    (vec![at(self, n.ups + 1, n.nim ^ 1)], vec![at(self, 0, 0)])
                }
            }
            Kind::General | Kind::Raw => return Ok(()),
        };
        let mut left = left;
        let mut right = right;
        left.sort_unstable();
        right.sort_unstable();
        self.count(8 * (left.len() + right.len()))?;
        let node = &mut self.nodes[id as usize];
        node.left = left.into_boxed_slice();
        node.right = right.into_boxed_slice();
        node.options_ready = true;
        Ok(())
    }

    pub(crate) fn left(&self, id: Id) -> &[Id] {
        &self.nodes[id as usize].left
    }

    pub(crate) fn right(&self, id: Id) -> &[Id] {
        &self.nodes[id as usize].right
    }

    // ---- the driver -----------------------------------------------------------------------

    /// Runs `key` (and whatever it needs) to its answer, without recursion.
    fn run(&mut self, key: Key) -> Result<()> {
        let mut stack = self.spare.pop().unwrap_or_default();
        let mut needs = self.spare.pop().unwrap_or_default();
        stack.push(key);
        let result = self.drive(&mut stack, &mut needs);
        for mut emptied in [stack, needs] {
            if self.spare.len() < 8 {
                emptied.clear();
                self.spare.push(emptied);
            }
        }
        result
    }

    /// The loop of [`run`](Table::run), on its two stacks.
    fn drive(&mut self, stack: &mut Vec<Key>, needs: &mut Vec<Key>) -> Result<()> {
        while let Some(&top) = stack.last() {
            if self.knows(&top) {
                stack.pop();
                continue;
            }
            self.steps += 1;
            if self.steps > self.max_steps {
                return Err(Error::LimitExceeded {
                    resource: Resource::Positions,
                    limit: self.max_steps,
                });
            }
            if self.ticker.due() {
                crate::stop::check_stop()?;
            }
            needs.clear();
            if let Some(answer) = self.attempt(top, needs)? {
                self.remember(top, answer)?;
                stack.pop();
            } else {
                debug_assert!(!needs.is_empty());
                stack.append(needs);
            }
        }
        Ok(())
    }

    fn answer(&mut self, key: Key) -> Result<Answer> {
        if let Some(answer) = self.recall(&key) {
            return Ok(answer);
        }
        self.run(key)?;
        Ok(self.recall(&key).expect("the answer run has just found"))
    }

    fn key(op: Op, a: Id, b: Id, c: Id) -> Key {
        Key { op, a, b, c }
    }

    /// The form answering a form-valued operation.
    pub(crate) fn form_op(&mut self, op: Op, a: Id, b: Id, c: Id) -> Result<Id> {
        match self.answer(Table::key(op, a, b, c))? {
            Answer::Form(id) => Ok(id),
            _ => unreachable!("{op:?} answers a form"),
        }
    }

    pub(crate) fn leq(&mut self, a: Id, b: Id) -> Result<bool> {
        if let Some(v) = self.quick_leq(a, b) {
            return Ok(v);
        }
        match self.answer(Table::key(Op::Leq, a, b, 0))? {
            Answer::Bool(v) => Ok(v),
            _ => unreachable!(),
        }
    }

    pub(crate) fn add(&mut self, a: Id, b: Id) -> Result<Id> {
        let (a, b) = if a <= b { (a, b) } else { (b, a) };
        self.form_op(Op::Add, a, b, 0)
    }

    pub(crate) fn neg(&mut self, a: Id) -> Result<Id> {
        self.form_op(Op::Neg, a, 0, 0)
    }

    pub(crate) fn canon(&mut self, a: Id) -> Result<Id> {
        if self.is_canonical(a) {
            return Ok(a);
        }
        self.form_op(Op::Canon, a, 0, 0)
    }

    pub(crate) fn stops(&mut self, a: Id) -> Result<Arc<(Dyadic, Dyadic)>> {
        match self.answer(Table::key(Op::Stops, a, 0, 0))? {
            Answer::Stops(s) => Ok(s),
            _ => unreachable!(),
        }
    }

    pub(crate) fn birthday(&mut self, a: Id) -> Result<Arc<BigInt>> {
        match self.answer(Table::key(Op::Birthday, a, 0, 0))? {
            Answer::Birthday(b) => Ok(b),
            _ => unreachable!(),
        }
    }

    pub(crate) fn thermograph(&mut self, a: Id) -> Result<Arc<Thermograph>> {
        match self.answer(Table::key(Op::Thermograph, a, 0, 0))? {
            Answer::Thermograph(t) => Ok(t),
            _ => unreachable!(),
        }
    }

    pub(crate) fn all_small(&mut self, a: Id) -> Result<bool> {
        match self.answer(Table::key(Op::AllSmall, a, 0, 0))? {
            Answer::Bool(v) => Ok(v),
            _ => unreachable!(),
        }
    }

    /// `n` copies of `g` (negated for negative `n`), by doubling.
    pub(crate) fn multiple(&mut self, g: Id, n: &BigInt) -> Result<Id> {
        let zero = self.number(Dyadic::zero());
        let negative = n < &BigInt::zero();
        let mut magnitude = if negative { -n } else { n.clone() };
        let mut total = zero;
        let mut power = g;
        while !magnitude.is_zero() {
            if (&magnitude & BigInt::one()) == BigInt::one() {
                total = self.add(total, power)?;
            }
            magnitude >>= 1;
            if !magnitude.is_zero() {
                power = self.add(power, power)?;
            }
        }
        if negative { self.neg(total) } else { Ok(total) }
    }

    // ---- one step of an operation -----------------------------------------------------------

    /// Tries `key`: its answer, or `None` with what it needs first pushed on `needs`.
    fn attempt(&mut self, key: Key, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        let Key { op, a, b, c } = key;
        // Reads an answer already known, or notes the need and gives up this try.
        macro_rules! known {
            ($op:expr, $a:expr, $b:expr, $c:expr) => {{
                let k = Table::key($op, $a, $b, $c);
                match self.recall(&k) {
                    Some(answer) => Some(answer),
                    None => {
                        needs.push(k);
                        None
                    }
                }
            }};
        }
        // Collects form answers for many keys; None if any is missing (all noted).
        macro_rules! forms {
            ($keys:expr) => {{
                let mut out = Vec::new();
                let mut missing = false;
                for (o, x, y, z) in $keys {
                    let (x, y) = if o == Op::Add && y < x {
                        (y, x)
                    } else {
                        (x, y)
                    };
                    match known!(o, x, y, z) {
                        Some(Answer::Form(f)) => out.push(f),
                        _ => missing = true,
                    }
                }
                if missing {
                    return Ok(None);
                }
                out
            }};
        }
        // The measures of a value (stops, thermograph, ...) are those of its canonical form:
        // a raw form is canonicalised first (its options alone would mislead where it is
        // a number, as {0|1} = 1/2 is).
        if !matches!(
            op,
            Op::Leq
                | Op::Add
                | Op::Neg
                | Op::Canon
                | Op::Conjunctive
                | Op::Selective
                | Op::Ordinal
                | Op::Product
        ) && !self.is_canonical(a)
        {
            let Some(Answer::Form(canonical)) = known!(Op::Canon, a, 0, 0) else {
                return Ok(None);
            };
            return Ok(known!(op, canonical, b, c));
        }
        match op {
            Op::Leq => self.attempt_leq(a, b, needs),
            Op::Add => {
                let zero = self.number(Dyadic::zero());
                if a == zero {
                    return Ok(Some(Answer::Form(b)));
                }
                if b == zero {
                    return Ok(Some(Answer::Form(a)));
                }
                if let (Some(x), Some(y)) = (self.as_nus(a), self.as_nus(b)) {
                    let sum = Nus {
                        number: &x.number + &y.number,
                        ups: x
                            .ups
                            .checked_add(y.ups)
                            .filter(|&u| u != i64::MIN)
                            .ok_or_else(too_many_ups)?,
                        nim: x.nim ^ y.nim,
                    };
                    return Ok(Some(Answer::Form(self.nus(sum))));
                }
                let (g, h) = if self.as_number(a).is_some() {
                    (b, a)
                } else {
                    (a, b)
                };
                let (mut lk, mut rk) = (Vec::new(), Vec::new());
                if self.as_number(h).is_some() {
                    // Number translation (Siegel, CGT, Thm. II.3.?): G + x = {G^L + x | G^R + x}.
                    self.ensure_options(g)?;
                    for &gl in self.left(g) {
                        lk.push((Op::Add, gl, h, 0));
                    }
                    for &gr in self.right(g) {
                        rk.push((Op::Add, gr, h, 0));
                    }
                } else {
                    self.ensure_options(g)?;
                    self.ensure_options(h)?;
                    for &gl in self.left(g) {
                        lk.push((Op::Add, gl, h, 0));
                    }
                    for &hl in self.left(h) {
                        lk.push((Op::Add, g, hl, 0));
                    }
                    for &gr in self.right(g) {
                        rk.push((Op::Add, gr, h, 0));
                    }
                    for &hr in self.right(h) {
                        rk.push((Op::Add, g, hr, 0));
                    }
                }
                let n = lk.len();
                lk.extend(rk);
                let all = forms!(lk);
                self.finish(all[..n].to_vec(), all[n..].to_vec(), needs)
            }
            Op::Neg => {
                if let Some(x) = self.as_nus(a) {
                    let n = Nus {
                        number: -&x.number,
                        ups: x.ups.checked_neg().ok_or_else(too_many_ups)?,
                        nim: x.nim,
                    };
                    return Ok(Some(Answer::Form(self.nus(n))));
                }
                let keys: Vec<_> = self
                    .right(a)
                    .iter()
                    .chain(self.left(a))
                    .map(|&o| (Op::Neg, o, 0, 0))
                    .collect();
                let n = self.right(a).len();
                let all = forms!(keys);
                let (mut l, mut r) = (all[..n].to_vec(), all[n..].to_vec());
                if !self.is_canonical(a) {
                    return self.finish(l, r, needs);
                }
                l.sort_unstable();
                r.sort_unstable();
                Ok(Some(Answer::Form(self.canonical(l, r)?)))
            }
            Op::Canon => self.attempt_canon(a, needs),
            Op::Stops => {
                if let Some(known) = self.known_stops(a) {
                    return Ok(Some(Answer::Stops(Arc::new((
                        known.0.clone(),
                        known.1.clone(),
                    )))));
                }
                if let Some(n) = self.as_nus(a) {
                    return Ok(Some(Answer::Stops(Arc::new((n.number.clone(), n.number)))));
                }
                let mut left_stop: Option<Dyadic> = None;
                let mut right_stop: Option<Dyadic> = None;
                let mut missing = false;
                for i in 0..self.left(a).len() {
                    let gl = self.left(a)[i];
                    match known!(Op::Stops, gl, 0, 0) {
                        Some(Answer::Stops(s)) => {
                            if left_stop.as_ref().is_none_or(|m| &s.1 > m) {
                                left_stop = Some(s.1.clone());
                            }
                        }
                        _ => missing = true,
                    }
                }
                for i in 0..self.right(a).len() {
                    let gr = self.right(a)[i];
                    match known!(Op::Stops, gr, 0, 0) {
                        Some(Answer::Stops(s)) => {
                            if right_stop.as_ref().is_none_or(|m| &s.0 < m) {
                                right_stop = Some(s.0.clone());
                            }
                        }
                        _ => missing = true,
                    }
                }
                if missing {
                    return Ok(None);
                }
                // A canonical form with no option on one side is a number, handled above;
                // a raw form asks its canonical form.
                match (left_stop, right_stop) {
                    (Some(l), Some(r)) => Ok(Some(Answer::Stops(Arc::new((l, r))))),
                    _ => {
                        let c = match known!(Op::Canon, a, 0, 0) {
                            Some(Answer::Form(c)) => c,
                            _ => return Ok(None),
                        };
                        match known!(Op::Stops, c, 0, 0) {
                            Some(s) => Ok(Some(s)),
                            None => Ok(None),
                        }
                    }
                }
            }
            Op::Birthday => {
                if let Some(x) = self.as_number(a) {
                    return Ok(Some(Answer::Birthday(Arc::new(x.birthday()))));
                }
                // x + *m is born m days after x.
                if let Some(n) = self.as_nus(a)
                    && n.ups == 0
                {
                    return Ok(Some(Answer::Birthday(Arc::new(
                        n.number.birthday() + n.nim,
                    ))));
                }
                self.ensure_options(a)?;
                let mut best = BigInt::from(-1);
                let mut missing = false;
                let options: Vec<Id> = self.left(a).iter().chain(self.right(a)).copied().collect();
                for o in options {
                    match known!(Op::Birthday, o, 0, 0) {
                        Some(Answer::Birthday(d)) => {
                            if *d > best {
                                best = (*d).clone();
                            }
                        }
                        _ => missing = true,
                    }
                }
                if missing {
                    return Ok(None);
                }
                Ok(Some(Answer::Birthday(Arc::new(best + 1))))
            }
            Op::Thermograph => {
                if let Some(x) = self.as_number(a)
                    && x.is_integer()
                {
                    return Ok(Some(Answer::Thermograph(Arc::new(Thermograph::mast(
                        x.clone(),
                    )))));
                }
                // x + *m: every option's walls are x (the number x among them) or x -+ t, so
                // the walls are x - t and x + t up to temperature 0.
                if let Some(n) = self.as_nus(a)
                    && n.ups == 0
                    && n.nim > 0
                {
                    return Ok(Some(Answer::Thermograph(Arc::new(Thermograph::star(
                        n.number,
                    )))));
                }
                self.ensure_options(a)?;
                let mut lefts = Vec::new();
                let mut rights = Vec::new();
                let mut missing = false;
                for i in 0..self.left(a).len() {
                    let gl = self.left(a)[i];
                    match known!(Op::Thermograph, gl, 0, 0) {
                        Some(Answer::Thermograph(t)) => lefts.push(t),
                        _ => missing = true,
                    }
                }
                for i in 0..self.right(a).len() {
                    let gr = self.right(a)[i];
                    match known!(Op::Thermograph, gr, 0, 0) {
                        Some(Answer::Thermograph(t)) => rights.push(t),
                        _ => missing = true,
                    }
                }
                if missing {
                    return Ok(None);
                }
                let left_scaffold =
                    Trajectory::max_of(lefts.iter().map(|t| t.right.plus_slope(&Dyadic::from(-1))));
                let right_scaffold =
                    Trajectory::min_of(rights.iter().map(|t| t.left.plus_slope(&Dyadic::from(1))));
                match (left_scaffold, right_scaffold) {
                    (Some(l), Some(r)) => Ok(Some(Answer::Thermograph(Arc::new(
                        Thermograph::from_scaffolds(l, r)?,
                    )))),
                    _ => {
                        // Only a raw form can lack options on a side and not be an integer.
                        let c = match known!(Op::Canon, a, 0, 0) {
                            Some(Answer::Form(c)) => c,
                            _ => return Ok(None),
                        };
                        Ok(known!(Op::Thermograph, c, 0, 0))
                    }
                }
            }
            Op::Cool => {
                // G cooled by t (t > -1): the mean past G's temperature, else
                // {G^L_t - t | G^R_t + t} (Conway, ONAG ch. 9; Siegel, CGT §II.5).
                let t = self.as_number(b).expect("a number temperature").clone();
                let thermograph = match known!(Op::Thermograph, a, 0, 0) {
                    Some(Answer::Thermograph(th)) => th,
                    _ => return Ok(None),
                };
                if t > thermograph.temperature {
                    return Ok(Some(Answer::Form(self.number(thermograph.mast.clone()))));
                }
                self.ensure_options(a)?;
                let minus_t = self.number(-&t);
                self.shifted_options(a, (Op::Cool, b, 0), minus_t, b, needs)
            }
            Op::Heat => {
                // Heating by t: G itself for a number, else {t + ∫G^L | ∫G^R - t}
                // (Siegel, CGT §II.5; Berlekamp).
                if self.as_number(a).is_some() {
                    return Ok(Some(Answer::Form(a)));
                }
                self.ensure_options(a)?;
                let minus_t = match known!(Op::Neg, b, 0, 0) {
                    Some(Answer::Form(f)) => f,
                    _ => return Ok(None),
                };
                self.shifted_options(a, (Op::Heat, b, 0), b, minus_t, needs)
            }
            Op::Overheat => {
                // Overheating from s to t: G.s for an integer G, else
                // {t + ∫G^L | ∫G^R - t} (Berlekamp; Siegel, CGT §II.5).
                if let Some(x) = self.as_number(a)
                    && x.is_integer()
                {
                    let n = x.numerator().clone();
                    return Ok(Some(Answer::Form(self.multiple(b, &n)?)));
                }
                self.ensure_options(a)?;
                let minus_t = match known!(Op::Neg, c, 0, 0) {
                    Some(Answer::Form(f)) => f,
                    _ => return Ok(None),
                };
                self.shifted_options(a, (Op::Overheat, b, c), c, minus_t, needs)
            }
            Op::AllSmall => {
                // All-small (dicotic): from every follower, both players have a move or
                // neither has.
                self.ensure_options(a)?;
                let (l, r) = (self.left(a).to_vec(), self.right(a).to_vec());
                if l.is_empty() != r.is_empty() {
                    return Ok(Some(Answer::Bool(false)));
                }
                let mut missing = false;
                for o in l.into_iter().chain(r) {
                    match known!(Op::AllSmall, o, 0, 0) {
                        Some(Answer::Bool(false)) => return Ok(Some(Answer::Bool(false))),
                        Some(_) => {}
                        None => missing = true,
                    }
                }
                if missing {
                    return Ok(None);
                }
                Ok(Some(Answer::Bool(true)))
            }
            Op::AtomicWeight => self.attempt_atomic_weight(a, needs),
            Op::Reduced => self.attempt_reduced(a, needs),
            Op::Norton => {
                // G.U (Norton multiplication, U > 0): n copies of U for an integer n, else
                // {G^L.U + U + I | G^R.U - U - I} over the incentives I of U (Siegel, CGT
                // §II.?; Winning Ways ch. 8).
                if let Some(x) = self.as_number(a)
                    && x.is_integer()
                {
                    let n = x.numerator().clone();
                    return Ok(Some(Answer::Form(self.multiple(b, &n)?)));
                }
                self.ensure_options(a)?;
                self.ensure_options(b)?;
                let (l, r) = (self.left(a).to_vec(), self.right(a).to_vec());
                let (ul, ur) = (self.left(b).to_vec(), self.right(b).to_vec());
                // The incentives of U: U^L - U and U - U^R.
                let minus_u = forms!([(Op::Neg, b, 0, 0)]);
                let minus_ur = forms!(ur.iter().map(|&x| (Op::Neg, x, 0, 0)));
                let mut incentives = forms!(
                    ul.iter()
                        .map(|&x| (Op::Add, x, minus_u[0], 0))
                        .chain(minus_ur.iter().map(|&x| (Op::Add, b, x, 0)))
                );
                incentives.sort_unstable();
                incentives.dedup();
                // U + I and -(U + I)
                let u_plus = forms!(incentives.iter().map(|&i| (Op::Add, b, i, 0)));
                let minus = forms!(u_plus.iter().map(|&x| (Op::Neg, x, 0, 0)));
                let products = forms!(l.iter().chain(&r).map(|&o| (Op::Norton, o, b, 0)));
                let mut keys = Vec::new();
                for &p in &products[..l.len()] {
                    for &x in &u_plus {
                        keys.push((Op::Add, p, x, 0));
                    }
                }
                let n = keys.len();
                for &p in &products[l.len()..] {
                    for &x in &minus {
                        keys.push((Op::Add, p, x, 0));
                    }
                }
                let all = forms!(keys);
                self.finish(all[..n].to_vec(), all[n..].to_vec(), needs)
            }
            Op::Conjunctive | Op::Selective => {
                self.ensure_options(a)?;
                self.ensure_options(b)?;
                let (gl, gr) = (self.left(a).to_vec(), self.right(a).to_vec());
                let (hl, hr) = (self.left(b).to_vec(), self.right(b).to_vec());
                let mut lk = Vec::new();
                let mut rk = Vec::new();
                for &x in &gl {
                    for &y in &hl {
                        lk.push((op, x, y, 0));
                    }
                }
                for &x in &gr {
                    for &y in &hr {
                        rk.push((op, x, y, 0));
                    }
                }
                if op == Op::Selective {
                    // Move in one component or in both (Winning Ways ch. 9).
                    lk.extend(gl.iter().map(|&x| (op, x, b, 0)));
                    lk.extend(hl.iter().map(|&y| (op, a, y, 0)));
                    rk.extend(gr.iter().map(|&x| (op, x, b, 0)));
                    rk.extend(hr.iter().map(|&y| (op, a, y, 0)));
                }
                let n = lk.len();
                lk.extend(rk);
                let all = forms!(lk);
                self.finish(all[..n].to_vec(), all[n..].to_vec(), needs)
            }
            Op::Ordinal => {
                // G:H = {G^L, G:H^L | G^R, G:H^R} (Winning Ways ch. 2; Siegel, CGT §II.?).
                self.ensure_options(a)?;
                self.ensure_options(b)?;
                let (hl, hr) = (self.left(b).to_vec(), self.right(b).to_vec());
                let all = forms!(hl.iter().chain(&hr).map(|&y| (Op::Ordinal, a, y, 0)));
                let mut l = self.left(a).to_vec();
                l.extend_from_slice(&all[..hl.len()]);
                let mut r = self.right(a).to_vec();
                r.extend_from_slice(&all[hl.len()..]);
                self.finish(l, r, needs)
            }
            Op::Product => self.attempt_product(a, b, needs),
        }
    }

    /// `{f(G^L) + left_shift | f(G^R) + right_shift}`, canonical, where `f` is the
    /// operation `(op, b, c)` applied to each option.
    fn shifted_options(
        &mut self,
        a: Id,
        (op, b, c): (Op, Id, Id),
        left_shift: Id,
        right_shift: Id,
        needs: &mut Vec<Key>,
    ) -> Result<Option<Answer>> {
        let (l, r) = (self.left(a).to_vec(), self.right(a).to_vec());
        let mut missing = false;
        let mut each = Vec::new();
        for &o in l.iter().chain(&r) {
            match self.need_form(op, o, b, c, needs) {
                Some(f) => each.push(f),
                None => missing = true,
            }
        }
        if missing {
            return Ok(None);
        }
        let mut shifted = Vec::new();
        for (i, &f) in each.iter().enumerate() {
            let shift = if i < l.len() { left_shift } else { right_shift };
            match self.need_form(Op::Add, f, shift, 0, needs) {
                Some(g) => shifted.push(g),
                None => missing = true,
            }
        }
        if missing {
            return Ok(None);
        }
        let right = shifted.split_off(l.len());
        self.finish(shifted, right, needs)
    }

    /// Canonicalises the form with these options: the answer, or `None` with needs noted.
    fn finish(
        &mut self,
        left: Vec<Id>,
        right: Vec<Id>,
        needs: &mut Vec<Key>,
    ) -> Result<Option<Answer>> {
        let raw = self.raw(left, right)?;
        if self.is_canonical(raw) {
            return Ok(Some(Answer::Form(raw)));
        }
        let k = Table::key(Op::Canon, raw, 0, 0);
        match self.memo.get(&k) {
            Some(answer) => Ok(Some(answer.clone())),
            None => {
                needs.push(k);
                Ok(None)
            }
        }
    }

    /// `a <= b` when it is decided without looking at options: equal forms, numbers and
    /// number-up-stars by arithmetic, and canonical forms by their stops.
    fn quick_leq(&self, a: Id, b: Id) -> Option<bool> {
        if a == b {
            return Some(true);
        }
        let (ka, kb) = (&self.nodes[a as usize].kind, &self.nodes[b as usize].kind);
        match (ka, kb) {
            (Kind::Number(x), Kind::Number(y)) => return Some(x <= y),
            (Kind::Number(_) | Kind::Nus(_), Kind::Number(_) | Kind::Nus(_)) => {
                // H - G = (y - x) + (n - m).^ + *(j ^ k): its number decides, unless it is 0.
                fn parts(kind: &Kind) -> (&Dyadic, i64, u64) {
                    match kind {
                        Kind::Nus(n) => (&n.number, n.ups, n.nim),
                        Kind::Number(x) => (x, 0, 0),
                        _ => unreachable!("a number or a number-up-star"),
                    }
                }
                let ((x, m, j), (y, n, k)) = (parts(ka), parts(kb));
                return Some(match x.cmp(y) {
                    std::cmp::Ordering::Less => true,
                    std::cmp::Ordering::Greater => false,
                    std::cmp::Ordering::Equal => Nus {
                        number: Dyadic::zero(),
                        ups: n.saturating_sub(m),
                        nim: j ^ k,
                    }
                    .zero_or_more(),
                });
            }
            _ => {}
        }
        // Stops are monotone (G <= H gives L(G) <= L(H) and R(G) <= R(H)), and L(G) < R(H)
        // makes G - H negative (Siegel, CGT §II.1).
        let (sa, sb) = (self.known_stops(a)?, self.known_stops(b)?);
        if sa.0 > sb.0 || sa.1 > sb.1 {
            return Some(false);
        }
        if sa.0 < sb.1 {
            return Some(true);
        }
        None
    }

    /// A comparison already known, or `None` with it noted as needed.
    fn need_leq(&self, x: Id, y: Id, needs: &mut Vec<Key>) -> Option<bool> {
        if let Some(v) = self.quick_leq(x, y) {
            return Some(v);
        }
        match self.leqs.get(x, y) {
            Some(v) => Some(v),
            None => {
                needs.push(Table::key(Op::Leq, x, y, 0));
                None
            }
        }
    }

    /// A form-valued answer already known, or `None` with it noted as needed.
    fn need_form(&self, op: Op, x: Id, y: Id, z: Id, needs: &mut Vec<Key>) -> Option<Id> {
        let (x, y) = if op == Op::Add && y < x {
            (y, x)
        } else {
            (x, y)
        };
        let k = Table::key(op, x, y, z);
        match self.memo.get(&k) {
            Some(Answer::Form(f)) => Some(*f),
            _ => {
                needs.push(k);
                None
            }
        }
    }

    fn attempt_leq(&mut self, a: Id, b: Id, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        macro_rules! leq {
            ($x:expr, $y:expr) => {{
                match self.quick_leq($x, $y).or_else(|| self.leqs.get($x, $y)) {
                    Some(v) => v,
                    None => {
                        needs.push(Table::key(Op::Leq, $x, $y, 0));
                        return Ok(None);
                    }
                }
            }};
        }
        if let Some(v) = self.quick_leq(a, b) {
            return Ok(Some(Answer::Bool(v)));
        }
        let (ka, kb) = (&self.nodes[a as usize].kind, &self.nodes[b as usize].kind);
        match (ka, kb) {
            (Kind::Number(_), Kind::General) => {
                // Number avoidance: x <= G iff no G^R <= x, for G not a number.
                for i in 0..self.right(b).len() {
                    let gr = self.right(b)[i];
                    if leq!(gr, a) {
                        return Ok(Some(Answer::Bool(false)));
                    }
                }
                return Ok(Some(Answer::Bool(true)));
            }
            (Kind::General, Kind::Number(_)) => {
                for i in 0..self.left(a).len() {
                    let gl = self.left(a)[i];
                    if leq!(b, gl) {
                        return Ok(Some(Answer::Bool(false)));
                    }
                }
                return Ok(Some(Answer::Bool(true)));
            }
            _ => {}
        }
        self.ensure_options(a)?;
        self.ensure_options(b)?;
        // G <= H iff no G^L >= H and no H^R <= G.
        for i in 0..self.left(a).len() {
            let gl = self.left(a)[i];
            if leq!(b, gl) {
                return Ok(Some(Answer::Bool(false)));
            }
        }
        for i in 0..self.right(b).len() {
            let hr = self.right(b)[i];
            if leq!(hr, a) {
                return Ok(Some(Answer::Bool(false)));
            }
        }
        Ok(Some(Answer::Bool(true)))
    }

    /// The canonical form of a raw node: dominated options removed, reversible ones bypassed,
    /// until neither applies (Siegel, CGT §II.2).
    fn attempt_canon(&mut self, g: Id, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        let mut left = self.left(g).to_vec();
        let mut right = self.right(g).to_vec();
        loop {
            // A form whose options are numbers, each Left one below each Right one, is the
            // simplest number between them.
            if let Some(x) = self.number_between(&left, &right) {
                return Ok(Some(Answer::Form(self.number(x))));
            }
            let mut le = |table: &mut Table, x: Id, y: Id| Ok(table.need_leq(x, y, needs));
            match self.simplify_round(g, &left, &right, true, &mut le)? {
                None => return Ok(None),
                Some((l, r, changed)) => {
                    left = l;
                    right = r;
                    if !changed {
                        break;
                    }
                }
            }
        }
        // Removing dominated options may have left only numbers, as in {1, * | } = {1 | } = 2.
        if let Some(x) = self.number_between(&left, &right) {
            return Ok(Some(Answer::Form(self.number(x))));
        }
        Ok(Some(Answer::Form(self.canonical(left, right)?)))
    }

    /// One round of simplifying `g = {left | right}` under the order `le` (which answers
    /// `None` for a comparison not known yet): dominated options removed, then reversible
    /// ones bypassed (Siegel, CGT §II.2). The new options and whether a reversal changed
    /// them, or `None` if a comparison was not known. `exact` says that `le` is the order of
    /// games itself, between canonical forms (two different ones never equal), so that the
    /// undominated options are found among the stops' order ([`Table::undominated`]).
    #[allow(clippy::type_complexity)]
    fn simplify_round(
        &mut self,
        g: Id,
        left: &[Id],
        right: &[Id],
        exact: bool,
        le: &mut dyn FnMut(&mut Table, Id, Id) -> Result<Option<bool>>,
    ) -> Result<Option<(Vec<Id>, Vec<Id>, bool)>> {
        let mut missing = false;
        let mut keep = [Vec::new(), Vec::new()];
        for (side, list) in [left, right].into_iter().enumerate() {
            if exact {
                if let Some(kept) = self.undominated(list, side == 0, le, &mut missing)? {
                    keep[side] = kept;
                    continue;
                }
            }
            for (i, &x) in list.iter().enumerate() {
                let mut dominated = false;
                for (j, &y) in list.iter().enumerate() {
                    if i == j {
                        continue;
                    }
                    // Left keeps the larger option, Right the smaller; of two equal ones
                    // (modulo what `le` ignores) the first.
                    let (low, high) = if side == 0 { (x, y) } else { (y, x) };
                    match le(self, low, high)? {
                        Some(true) => {
                            let equal = if j < i {
                                Some(false)
                            } else {
                                le(self, high, low)?
                            };
                            match equal {
                                Some(false) => {
                                    dominated = true;
                                    break;
                                }
                                Some(true) => {}
                                None => missing = true,
                            }
                        }
                        Some(false) => {}
                        None => missing = true,
                    }
                }
                if !dominated {
                    keep[side].push(x);
                }
            }
        }
        if missing {
            return Ok(None);
        }
        let mut changed = false;
        let mut out = [
            Vec::with_capacity(keep[0].len()),
            Vec::with_capacity(keep[1].len()),
        ];
        for side in 0..2 {
            for &x in &keep[side] {
                self.ensure_options(x)?;
                fn answers(table: &Table, x: Id, side: usize) -> &[Id] {
                    if side == 0 {
                        table.right(x)
                    } else {
                        table.left(x)
                    }
                }
                let mut reversed = None;
                for k in 0..answers(self, x, side).len() {
                    let y = answers(self, x, side)[k];
                    let (low, high) = if side == 0 { (y, g) } else { (g, y) };
                    match le(self, low, high)? {
                        Some(true) => {
                            reversed = Some(y);
                            break;
                        }
                        Some(false) => {}
                        None => missing = true,
                    }
                }
                match reversed {
                    Some(y) => {
                        self.ensure_options(y)?;
                        let replacement = if side == 0 {
                            self.left(y)
                        } else {
                            self.right(y)
                        };
                        out[side].extend_from_slice(replacement);
                        changed = true;
                    }
                    None => out[side].push(x),
                }
            }
        }
        if missing {
            return Ok(None);
        }
        let [mut l, mut r] = out;
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        Ok(Some((l, r, changed)))
    }

    /// The options of one side that no other dominates (Left keeps the greatest, Right the
    /// least), for canonical options whose stops are all known; `None` otherwise.
    ///
    /// `x <= y` gives `L(x) <= L(y)` and `R(x) <= R(y)` (Siegel, CGT §II.1), so in the order
    /// of the stops, greatest first for Left, an option is dominated only by one met before
    /// it or by one with the same stops. Each option is compared with the options kept so
    /// far, and a kept one is dropped when a later one of the same stops dominates it: about
    /// `n.k` comparisons for `k` options kept, not `n^2`.
    #[allow(clippy::type_complexity)]
    fn undominated(
        &mut self,
        list: &[Id],
        left: bool,
        le: &mut dyn FnMut(&mut Table, Id, Id) -> Result<Option<bool>>,
        missing: &mut bool,
    ) -> Result<Option<Vec<Id>>> {
        if list.iter().any(|&x| self.known_stops(x).is_none()) {
            return Ok(None);
        }
        fn stops(table: &Table, x: Id) -> (&Dyadic, &Dyadic) {
            table.known_stops(x).expect("checked above")
        }
        // Sorted by the stops as machine integers where they fit (most games), else by the
        // numbers themselves.
        let mut keyed: Vec<(i128, i128, Id)> = Vec::with_capacity(list.len());
        for &x in list {
            let (l, r) = stops(self, x);
            match (l.fixed(), r.fixed()) {
                (Some(l), Some(r)) => keyed.push((l, r, x)),
                _ => break,
            }
        }
        let fixed = (keyed.len() == list.len()).then_some(keyed);
        let order: Vec<Id> = match fixed {
            Some(mut keyed) => {
                if left {
                    keyed.sort_unstable_by_key(|k| std::cmp::Reverse((k.0, k.1)));
                } else {
                    keyed.sort_unstable();
                }
                // From a slice: one allocation of the right size (an in-place collect would
                // shrink the keys' buffer instead).
                keyed.iter().map(|k| k.2).collect()
            }
            None => {
                let mut order = list.to_vec();
                if left {
                    order.sort_unstable_by(|&a, &b| stops(self, b).cmp(&stops(self, a)));
                } else {
                    order.sort_unstable_by(|&a, &b| stops(self, a).cmp(&stops(self, b)));
                }
                order
            }
        };
        let mut kept: Vec<Id> = Vec::with_capacity(order.len());
        for &x in &order {
            let mut dominated = false;
            for &y in &kept {
                let (low, high) = if left { (x, y) } else { (y, x) };
                match le(self, low, high)? {
                    Some(true) => {
                        dominated = true;
                        break;
                    }
                    Some(false) => {}
                    None => *missing = true,
                }
            }
            if dominated {
                continue;
            }
            let mut slot = 0;
            while slot < kept.len() {
                let y = kept[slot];
                if stops(self, y) == stops(self, x) {
                    let (low, high) = if left { (y, x) } else { (x, y) };
                    match le(self, low, high)? {
                        Some(true) => {
                            kept.remove(slot);
                            continue;
                        }
                        Some(false) => {}
                        None => *missing = true,
                    }
                }
                slot += 1;
            }
            kept.push(x);
        }
        Ok(Some(kept))
    }

    /// The number `{left | right}` is, when every option is a number and each Left one is
    /// below each Right one: the simplest number between them (Siegel, CGT §II.3).
    fn number_between(&self, left: &[Id], right: &[Id]) -> Option<Dyadic> {
        let mut lmax: Option<&Dyadic> = None;
        for &o in left {
            let x = self.as_number(o)?;
            if lmax.is_none_or(|m| x > m) {
                lmax = Some(x);
            }
        }
        let mut rmin: Option<&Dyadic> = None;
        for &o in right {
            let x = self.as_number(o)?;
            if rmin.is_none_or(|m| x < m) {
                rmin = Some(x);
            }
        }
        Dyadic::simplest_between(lmax, rmin)
    }

    fn attempt_atomic_weight(&mut self, g: Id, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        // The atomic weight calculus (Winning Ways ch. 8; Siegel, CGT §II.7): with
        // G'' = {aw(G^L) - 2 | aw(G^R) + 2}, aw(G) = G'' unless G'' is an integer; then it is
        // the largest integer n with n <| aw(G^R) + 2 for every G^R if G > far star, the
        // least n with n |> aw(G^L) - 2 for every G^L if G < far star, and 0 otherwise.
        macro_rules! form {
            ($op:expr, $x:expr, $y:expr) => {{
                let (x, y) = if $op == Op::Add && $y < $x {
                    ($y, $x)
                } else {
                    ($x, $y)
                };
                let k = Table::key($op, x, y, 0);
                match self.memo.get(&k) {
                    Some(Answer::Form(f)) => *f,
                    _ => {
                        needs.push(k);
                        return Ok(None);
                    }
                }
            }};
        }
        self.ensure_options(g)?;
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        if l.is_empty() && r.is_empty() {
            return Ok(Some(Answer::Form(g)));
        }
        let two = self.number(Dyadic::from(2));
        let minus_two = self.number(Dyadic::from(-2));
        let mut wl = Vec::new();
        let mut wr = Vec::new();
        let mut missing = false;
        for &o in &l {
            match self.memo.get(&Table::key(Op::AtomicWeight, o, 0, 0)) {
                Some(Answer::Form(w)) => wl.push(*w),
                _ => {
                    needs.push(Table::key(Op::AtomicWeight, o, 0, 0));
                    missing = true
                }
            }
        }
        for &o in &r {
            match self.memo.get(&Table::key(Op::AtomicWeight, o, 0, 0)) {
                Some(Answer::Form(w)) => wr.push(*w),
                _ => {
                    needs.push(Table::key(Op::AtomicWeight, o, 0, 0));
                    missing = true
                }
            }
        }
        if missing {
            return Ok(None);
        }
        let mut sl = Vec::new();
        for &w in &wl {
            sl.push(form!(Op::Add, w, minus_two));
        }
        let mut sr = Vec::new();
        for &w in &wr {
            sr.push(form!(Op::Add, w, two));
        }
        let candidate = match self.finish(sl.clone(), sr.clone(), needs)? {
            Some(Answer::Form(f)) => f,
            _ => return Ok(None),
        };
        match self.as_number(candidate) {
            Some(x) if x.is_integer() => {}
            _ => return Ok(Some(Answer::Form(candidate))),
        }
        // The far star: a nimber beyond every nimber among G's followers.
        let birthday = match self.memo.get(&Table::key(Op::Birthday, g, 0, 0)) {
            Some(Answer::Birthday(b)) => b.clone(),
            _ => {
                needs.push(Table::key(Op::Birthday, g, 0, 0));
                return Ok(None);
            }
        };
        let far = birthday
            .to_u64()
            .unwrap_or(u64::MAX)
            .saturating_add(1)
            .next_power_of_two();
        let star = self.nus(Nus {
            number: Dyadic::zero(),
            ups: 0,
            nim: far,
        });
        let below = self.leq(g, star)?;
        let above = self.leq(star, g)?;
        let answer = if above && !below {
            // The largest integer n with not (h <= n) for every h in sr.
            let mut best: Option<BigInt> = None;
            for &h in &sr {
                let stops = self.stops(h)?;
                let mut n: BigInt = stops.0.floor() + 1;
                loop {
                    let m = self.number(Dyadic::integer(n.clone()));
                    if !self.leq(h, m)? {
                        break;
                    }
                    n -= 1;
                }
                if best.as_ref().is_none_or(|b| &n < b) {
                    best = Some(n);
                }
            }
            best.unwrap_or_default()
        } else if below && !above {
            let mut best: Option<BigInt> = None;
            for &h in &sl {
                let stops = self.stops(h)?;
                let mut n: BigInt = stops.1.ceil() - 1;
                loop {
                    let m = self.number(Dyadic::integer(n.clone()));
                    if !self.leq(m, h)? {
                        break;
                    }
                    n += 1;
                }
                if best.as_ref().is_none_or(|b| &n > b) {
                    best = Some(n);
                }
            }
            best.unwrap_or_default()
        } else {
            BigInt::zero()
        };
        Ok(Some(Answer::Form(self.number(Dyadic::integer(answer)))))
    }

    /// `x <= y` modulo infinitesimals: the right stop of `y - x` is at least 0
    /// (Grossman & Siegel, "Reductions of partizan games"; Siegel, CGT §II.6).
    fn inf_leq(&mut self, x: Id, y: Id) -> Result<bool> {
        let minus_x = self.neg(x)?;
        let d = self.add(y, minus_x)?;
        Ok(self.stops(d)?.1 >= Dyadic::zero())
    }

    fn attempt_reduced(&mut self, g: Id, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        // The reduced canonical form (Siegel, CGT §II.6): a number if G is infinitesimally
        // close to one; else the reduced forms of the options, with the options dominated or
        // reversible modulo infinitesimals removed or bypassed.
        let stops = self.stops(g)?;
        if stops.0 == stops.1 {
            return Ok(Some(Answer::Form(self.number(stops.0.clone()))));
        }
        self.ensure_options(g)?;
        let (l, r) = (self.left(g).to_vec(), self.right(g).to_vec());
        let mut missing = false;
        let mut reduced = |table: &mut Table, o: Id| -> Option<Id> {
            let k = Table::key(Op::Reduced, o, 0, 0);
            match table.memo.get(&k) {
                Some(Answer::Form(f)) => Some(*f),
                _ => {
                    needs.push(k);
                    missing = true;
                    None
                }
            }
        };
        let rl: Vec<Option<Id>> = l.iter().map(|&o| reduced(self, o)).collect();
        let rr: Vec<Option<Id>> = r.iter().map(|&o| reduced(self, o)).collect();
        if missing {
            return Ok(None);
        }
        let mut left: Vec<Id> = rl.into_iter().flatten().collect();
        let mut right: Vec<Id> = rr.into_iter().flatten().collect();
        left.sort_unstable();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        let mut le = |table: &mut Table, x: Id, y: Id| table.inf_leq(x, y).map(Some);
        while let Some((l, r, changed)) = self.simplify_round(g, &left, &right, false, &mut le)? {
            left = l;
            right = r;
            if !changed {
                break;
            }
        }
        let raw = self.raw(left, right)?;
        let form = self.canon(raw)?;
        Ok(Some(Answer::Form(form)))
    }

    fn attempt_product(&mut self, a: Id, b: Id, needs: &mut Vec<Key>) -> Result<Option<Answer>> {
        // Conway's product (ONAG ch. 1):
        // GH = {G^L H + G H^L - G^L H^L, G^R H + G H^R - G^R H^R |
        //       G^L H + G H^R - G^L H^R, G^R H + G H^L - G^R H^L}, on forms; on numbers it is
        // the product of the numbers.
        if let (Some(x), Some(y)) = (self.as_number(a), self.as_number(b)) {
            let p = x * y;
            return Ok(Some(Answer::Form(self.number(p))));
        }
        self.ensure_options(a)?;
        self.ensure_options(b)?;
        let (gl, gr) = (self.left(a).to_vec(), self.right(a).to_vec());
        let (hl, hr) = (self.left(b).to_vec(), self.right(b).to_vec());
        // The pairs (x, y) of each kind of option: Left's, then Right's.
        let mut pairs = Vec::new();
        for &x in &gl {
            for &y in &hl {
                pairs.push((x, y, true));
            }
        }
        for &x in &gr {
            for &y in &hr {
                pairs.push((x, y, true));
            }
        }
        for &x in &gl {
            for &y in &hr {
                pairs.push((x, y, false));
            }
        }
        for &x in &gr {
            for &y in &hl {
                pairs.push((x, y, false));
            }
        }
        let mut missing = false;
        let mut products = Vec::new();
        for &(x, y, _) in &pairs {
            let xh = self.need_form(Op::Product, x, b, 0, needs);
            let gy = self.need_form(Op::Product, a, y, 0, needs);
            let xy = self.need_form(Op::Product, x, y, 0, needs);
            match (xh, gy, xy) {
                (Some(p), Some(q), Some(r)) => products.push((p, q, r)),
                _ => missing = true,
            }
        }
        if missing {
            return Ok(None);
        }
        let mut terms = Vec::new();
        for &(p, q, r) in &products {
            let minus_r = self.need_form(Op::Neg, r, 0, 0, needs);
            let sum = self.need_form(Op::Add, p, q, 0, needs);
            match (minus_r, sum) {
                (Some(m), Some(s)) => terms.push(self.need_form(Op::Add, s, m, 0, needs)),
                _ => missing = true,
            }
        }
        if missing || terms.iter().any(Option::is_none) {
            return Ok(None);
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (term, &(_, _, is_left)) in terms.into_iter().zip(&pairs) {
            if is_left {
                left.push(term);
            } else {
                right.push(term);
            }
        }
        let left = left.into_iter().flatten().collect();
        let right = right.into_iter().flatten().collect();
        self.finish(left, right, needs)
    }
}
