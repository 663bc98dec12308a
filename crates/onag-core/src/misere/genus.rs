//! Conway's genus and tame games: see [`Genus`].

use std::collections::HashMap;
use std::fmt;

use crate::{Budget, Error, ImpartialGame, Nimber, Outcome, Resource, Result};

/// Conway's genus: the misère Grundy value g⁻ and how a game behaves beside heaps of 2.
///
/// The genus of `G` is the sequence `γ0 γ1 γ2 ...` where `γ0 = g⁺(G)` is the normal-play
/// Grundy value and `γk = g⁻(G + (k - 1)·*2)` for `k ≥ 1` is the misère Grundy value of `G`
/// beside `k - 1` heaps of 2 (Conway, *On Numbers and Games*, ch. 12; Winning Ways, ch. 13).
/// The misère Grundy value is `g⁻(0) = 1` for a position without moves and the mex of the
/// options' values otherwise; a position is a misère P-position exactly when `g⁻ = 0`.
///
/// # Computing it from the options
///
/// Since `g⁻(H + *1) = g⁻(H) ⊕ 1` for every `H` (induction on `H`), the options of
/// `G + k·*2` are worth `γ'(k+1)` (a move in `G`), `γk` and `γk ⊕ 1` (a heap of 2 to 0 or 1), so
///
/// ```text
/// γ0 = mex γ'0,    γ1 = 1 if G has no move, else mex γ'1,
/// γ(k+1) = mex({γ'(k+1)} ∪ {γk, γk ⊕ 1})   for k ≥ 1.
/// ```
///
/// Once every option's sequence alternates, `γ(k+1)` depends only on `γk` and the parity of `k`,
/// and takes one of two values; the map over two steps then has a fixed point, so the sequence
/// ends by alternating with period 2. It is written, as Conway writes it, `γ0^{γ1 γ2 ...}` up to
/// the first two values of the alternation: `0^{120}` for the empty game, `1^{031}` for `*1`,
/// `2^{20}` for `*2`.
///
/// # Tame games
///
/// The genera of sums of nim heaps are `0^{120}`, `1^{031}` (sums of heaps of 0 and 1) and
/// `a^{a(a⊕2)}` (a sum with a heap of 2 or more, nim-sum `a`). A game is *tame* when its genus
/// and the genus of every position reachable from it are of these forms; a sum of tame games is
/// tame and played like misère Nim: its genus is that of the nim-sum of their normal values,
/// of the first two forms when every part has one of them (Conway, ONAG ch. 12, "Tame games").
/// [`Tameness::Restive`] marks a game that is not tame although all its options are: the
/// smallest wild games, which Conway calls restive when their genus has the restive form.
///
/// # Examples
///
/// ```
/// use onag_core::Genus;
///
/// let empty = Genus::nim_heap(0);
/// assert_eq!(empty.to_string(), "0^{120}");
/// assert_eq!(Genus::nim_heap(1).to_string(), "1^{031}");
/// assert_eq!(Genus::nim_heap(5).to_string(), "5^{57}");
/// assert_eq!(empty.misere().value(), 1);
/// assert!(empty.is_tame());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Genus {
    plus: u64,
    /// `γ1, γ2, ...`, at least two of them, cut where the rest alternates: `γk` for `k` past
    /// the end is `γ(k-2)`.
    minus: Vec<u64>,
}

impl Genus {
    /// The genus of the nim heap `*n` (and of any sum of nim heaps of nim-sum `n` with a heap of
    /// 2 or more, when `n ≥ 2`).
    pub fn nim_heap(n: u64) -> Genus {
        match n {
            0 => Genus {
                plus: 0,
                minus: vec![1, 2, 0],
            },
            1 => Genus {
                plus: 1,
                minus: vec![0, 3, 1],
            },
            _ => Genus::firm(n),
        }
    }

    /// `a^{a(a⊕2)}`: the genus of a sum of nim heaps of nim-sum `a` with a heap of 2 or more.
    fn firm(a: u64) -> Genus {
        Genus {
            plus: a,
            minus: vec![a, a ^ 2],
        }
    }

    /// The normal-play Grundy value `g⁺ = γ0`.
    pub fn plus(&self) -> Nimber {
        Nimber::new(self.plus)
    }

    /// The misère Grundy value `g⁻ = γ1`: 0 exactly for a misère P-position.
    pub fn misere(&self) -> Nimber {
        Nimber::new(self.minus[0])
    }

    /// `γk`: the normal value for `k = 0`, else the misère value beside `k - 1` heaps of 2.
    pub fn gamma(&self, k: usize) -> u64 {
        if k == 0 {
            return self.plus;
        }
        let index = k - 1;
        let len = self.minus.len();
        if index < len {
            self.minus[index]
        } else {
            self.minus[len - 2 + (index - (len - 2)) % 2]
        }
    }

    /// The written values `γ1 γ2 ...` up to the first two of the alternation.
    pub fn exponent(&self) -> &[u64] {
        &self.minus
    }

    /// The misère outcome: P exactly when `g⁻ = 0`.
    pub fn misere_outcome(&self) -> Outcome {
        if self.minus[0] == 0 {
            Outcome::Previous
        } else {
            Outcome::Next
        }
    }

    /// Whether this is the genus of a sum of nim heaps: `0^{120}`, `1^{031}` or `a^{a(a⊕2)}`.
    pub fn is_tame(&self) -> bool {
        self.is_fickle() || *self == Genus::firm(self.plus)
    }

    /// `0^{120}` or `1^{031}`: the genus of a sum of heaps of 0 and 1 only.
    fn is_fickle(&self) -> bool {
        self.plus <= 1 && *self == Genus::nim_heap(self.plus)
    }

    /// The genus of a game whose options have the genera `options` (none for a terminal game).
    pub fn from_options<'a>(options: impl IntoIterator<Item = &'a Genus>) -> Genus {
        let options: Vec<&Genus> = options.into_iter().collect();
        let plus = small_mex(options.iter().map(|g| g.plus));
        let first = if options.is_empty() {
            1
        } else {
            small_mex(options.iter().map(|g| g.gamma(1)))
        };
        // From index `settled` on, every option's sequence alternates.
        let settled = options.iter().map(|g| g.minus.len()).max().unwrap_or(2);
        let mut minus = vec![first];
        loop {
            let k = minus.len();
            let last = minus[k - 1];
            let next = small_mex(
                options
                    .iter()
                    .map(|g| g.gamma(k + 1))
                    .chain([last, last ^ 1]),
            );
            minus.push(next);
            let i = k + 1;
            if i >= 3 && i > settled && minus[i - 1] == minus[i - 3] {
                break;
            }
        }
        while minus.len() > 2 && minus[minus.len() - 1] == minus[minus.len() - 3] {
            minus.pop();
        }
        Genus { plus, minus }
    }

    /// The genus of a sum of tame games, by the rule of misère Nim; `None` when a part is not
    /// of a tame genus. (The rule is a theorem for tame games, whose every position is tame.)
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::Genus;
    ///
    /// let one = Genus::nim_heap(1);
    /// let two = Genus::nim_heap(2);
    /// // *1 + *1 is a misère N-position; *2 + *2 is a misère P-position.
    /// assert_eq!(Genus::tame_sum([&one, &one]).unwrap().to_string(), "0^{120}");
    /// assert_eq!(Genus::tame_sum([&two, &two]).unwrap().to_string(), "0^{02}");
    /// ```
    pub fn tame_sum<'a>(parts: impl IntoIterator<Item = &'a Genus>) -> Option<Genus> {
        let mut nim_sum = 0;
        let mut fickle = true;
        for part in parts {
            if !part.is_tame() {
                return None;
            }
            nim_sum ^= part.plus;
            fickle &= part.is_fickle();
        }
        Some(if fickle {
            Genus::nim_heap(nim_sum)
        } else {
            Genus::firm(nim_sum)
        })
    }
}

/// The mex of a few small values.
fn small_mex(values: impl Iterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

impl fmt::Display for Genus {
    /// `0^{120}`; values of two digits or more are separated by commas (`10^{10,8}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.minus.iter().any(|&v| v >= 10) {
            ","
        } else {
            ""
        };
        let exponent: Vec<String> = self.minus.iter().map(u64::to_string).collect();
        write!(f, "{}^{{{}}}", self.plus, exponent.join(separator))
    }
}

/// Where a game stands with respect to tameness.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tameness {
    /// The game and every position in it have the genus of a sum of nim heaps: sums with other
    /// tame games are played like misère Nim.
    Tame,
    /// Not tame, but every option is: the game's own genus is not that of a sum of nim heaps.
    Restive,
    /// Some option is not tame.
    Wild,
}

impl fmt::Display for Tameness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Tameness::Tame => "tame",
            Tameness::Restive => "restive",
            Tameness::Wild => "wild",
        })
    }
}

/// What the solver knows of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mark {
    Visiting,
    Known(Genus, Tameness),
}

/// A position under evaluation.
#[derive(Debug)]
enum Frame<P> {
    /// A sum, valued by the tame rule if all its components turn out tame.
    Split {
        position: P,
        parts: Vec<P>,
        next: usize,
    },
    /// A position valued from all its options.
    Whole {
        position: P,
        moves: Vec<P>,
        next: usize,
    },
}

/// The genus and tameness of positions of any [`ImpartialGame`].
///
/// Positions are valued from their options on an explicit stack (no recursion on the call
/// stack) and remembered in their [canonical](ImpartialGame::canonical) form. A position that
/// splits into [components](ImpartialGame::components) which are all tame is valued by the tame
/// sum rule without exploring the sum; otherwise the whole position is searched, since the
/// genera of the parts do not determine the genus of a sum of wild games.
///
/// # Examples
///
/// ```
/// use onag_core::{GenusSolver, ImpartialGame, Tameness};
///
/// /// Kayles on a row of `n` pins: knock down one or two adjacent pins.
/// struct Kayles;
/// impl ImpartialGame for Kayles {
///     type Position = Vec<u32>;
///     fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
///         let mut options = Vec::new();
///         for (i, &n) in rows.iter().enumerate() {
///             for take in 1..=2.min(n) {
///                 for left in 0..=(n - take) {
///                     let mut next = rows.clone();
///                     next.remove(i);
///                     next.extend([left, n - take - left].into_iter().filter(|&h| h > 0));
///                     next.sort();
///                     options.push(next);
///                 }
///             }
///         }
///         options.into_iter()
///     }
///     fn canonical(&self, mut rows: Vec<u32>) -> Vec<u32> {
///         rows.retain(|&n| n > 0);
///         rows.sort();
///         rows
///     }
/// }
///
/// let mut solver = GenusSolver::new(Kayles);
/// assert_eq!(solver.genus(&vec![1])?.to_string(), "1^{031}");
/// assert_eq!(solver.genus(&vec![2])?.to_string(), "2^{20}");
/// assert_eq!(solver.tameness(&vec![3])?, Tameness::Tame);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`Error::Cycle`] for a game with a cycle; [`Error::LimitExceeded`] past the [`Budget`]
/// (positions remembered, options examined, bytes of the table and stack).
pub struct GenusSolver<G: ImpartialGame> {
    game: G,
    known: HashMap<G::Position, Mark>,
    budget: Budget,
    examined: u64,
    /// The bytes the positions in `known` keep outside the map (see
    /// [`outside_of`](Self::outside_of)).
    outside: usize,
    /// The bytes of the positions the frames on the stack hold (their own, their parts and
    /// their moves), with what they keep outside.
    listed: usize,
    /// Whether a component is \*1, for those met (see `without_pairs_of_one`).
    ones: HashMap<G::Position, bool>,
}

impl<G: ImpartialGame> fmt::Debug for GenusSolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GenusSolver")
            .field("remembered", &self.known.len())
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl<G: ImpartialGame> GenusSolver<G> {
    /// A solver for `game` with the default [`Budget`].
    pub fn new(game: G) -> GenusSolver<G> {
        GenusSolver {
            game,
            known: HashMap::new(),
            budget: Budget::DEFAULT,
            examined: 0,
            outside: 0,
            listed: 0,
            ones: HashMap::new(),
        }
    }

    /// The same solver with another budget.
    pub fn with_budget(mut self, budget: Budget) -> GenusSolver<G> {
        self.budget = budget;
        self
    }

    /// The genus of `position`.
    ///
    /// # Errors
    ///
    /// As the [type](GenusSolver) says.
    pub fn genus(&mut self, position: &G::Position) -> Result<Genus> {
        Ok(self.evaluate(position)?.0)
    }

    /// Whether `position` is tame, restive or wild.
    ///
    /// # Errors
    ///
    /// As the [type](GenusSolver) says.
    pub fn tameness(&mut self, position: &G::Position) -> Result<Tameness> {
        Ok(self.evaluate(position)?.1)
    }

    /// The genus and tameness of `position`.
    ///
    /// # Errors
    ///
    /// As the [type](GenusSolver) says.
    pub fn evaluate(&mut self, position: &G::Position) -> Result<(Genus, Tameness)> {
        let root = self.game.canonical(position.clone());
        let mut stack: Vec<Frame<G::Position>> = Vec::new();
        let result = self.run(root, &mut stack);
        if result.is_err() {
            self.listed = 0;
            for frame in stack {
                let position = match frame {
                    Frame::Split { position, .. } | Frame::Whole { position, .. } => position,
                };
                if self.known.get(&position) == Some(&Mark::Visiting) {
                    self.known.remove(&position);
                    self.outside = self.outside.saturating_sub(self.outside_of(&position));
                }
            }
        }
        result
    }

    fn known(&self, position: &G::Position) -> Option<&Mark> {
        self.known.get(position)
    }

    /// What `position` keeps outside its own bytes: the game's count
    /// ([`ImpartialGame::position_bytes`]), and no less than an allowance for games that do
    /// not count (and for a genus's own list).
    fn outside_of(&self, position: &G::Position) -> usize {
        const ALLOWANCE: usize = 64;
        self.game.position_bytes(position).max(ALLOWANCE)
    }

    /// The bytes of `positions` held in a frame, with what they keep outside.
    fn bytes_of(&self, positions: &[G::Position]) -> usize {
        positions
            .iter()
            .map(|p| std::mem::size_of::<G::Position>() + self.outside_of(p))
            .sum()
    }

    /// Fails when the map with one more position, what its positions keep outside, the frames
    /// and `extra` bytes more would pass the memory budget.
    fn check_memory(&self, extra: usize) -> Result<()> {
        let slot = std::mem::size_of::<(G::Position, Mark)>() + 8;
        let bytes = (self.known.len() + 1) * slot * 2 + self.outside + self.listed + extra;
        if bytes as u64 > self.budget.memory {
            return Err(self.budget.exceeded(Resource::Memory));
        }
        Ok(())
    }

    /// Pushes the frame of a position not known yet: a split when it has several components.
    fn enter(&mut self, position: G::Position, stack: &mut Vec<Frame<G::Position>>) -> Result<()> {
        if self.known.len() as u64 >= self.budget.positions {
            return Err(self.budget.exceeded(Resource::Positions));
        }
        let parts: Vec<G::Position> = self
            .game
            .components(position.clone())
            .map(|part| self.game.canonical(part))
            .collect();
        let outside = self.outside_of(&position);
        let held = self.bytes_of(&parts) + std::mem::size_of::<G::Position>() + outside;
        self.check_memory(held + outside)?;
        self.known.insert(position.clone(), Mark::Visiting);
        self.outside += outside;
        if parts.len() > 1 {
            self.listed += held;
            stack.push(Frame::Split {
                position,
                parts,
                next: 0,
            });
            Ok(())
        } else {
            self.enter_whole(position, stack)
        }
    }

    fn enter_whole(
        &mut self,
        position: G::Position,
        stack: &mut Vec<Frame<G::Position>>,
    ) -> Result<()> {
        let mut moves = Vec::new();
        let mut held = std::mem::size_of::<G::Position>() + self.outside_of(&position);
        for next in self.game.moves(&position) {
            self.examined += 1;
            if self.examined > self.budget.options {
                return Err(self.budget.exceeded(Resource::Options));
            }
            let next = without_pairs_of_one(&self.game, &mut self.ones, self.game.canonical(next));
            held += std::mem::size_of::<G::Position>() + self.outside_of(&next);
            moves.push(next);
            if moves.len() % 4096 == 0 {
                self.check_memory(held)?;
            }
        }
        self.check_memory(held)?;
        self.listed += held;
        stack.push(Frame::Whole {
            position,
            moves,
            next: 0,
        });
        Ok(())
    }

    fn run(
        &mut self,
        root: G::Position,
        stack: &mut Vec<Frame<G::Position>>,
    ) -> Result<(Genus, Tameness)> {
        if let Some(Mark::Known(genus, tameness)) = self.known(&root) {
            return Ok((genus.clone(), *tameness));
        }
        self.enter(root.clone(), stack)?;
        while let Some(top) = stack.last_mut() {
            let (list, next) = match top {
                Frame::Split { parts, next, .. } => (&*parts, next),
                Frame::Whole { moves, next, .. } => (&*moves, next),
            };
            if *next < list.len() {
                let child = list[*next].clone();
                *next += 1;
                match self.known(&child) {
                    Some(Mark::Known(..)) => {}
                    Some(Mark::Visiting) => {
                        return Err(Error::Cycle {
                            position: format!("{child:?}"),
                        });
                    }
                    None => self.enter(child, stack)?,
                }
                continue;
            }
            let frame = stack.pop().expect("a frame");
            match frame {
                Frame::Split {
                    position, parts, ..
                } => {
                    self.listed -= self.bytes_of(&parts)
                        + std::mem::size_of::<G::Position>()
                        + self.outside_of(&position);
                    let genera: Vec<(Genus, Tameness)> =
                        parts.iter().map(|part| self.settled(part)).collect();
                    if genera.iter().all(|(_, t)| *t == Tameness::Tame) {
                        let genus = Genus::tame_sum(genera.iter().map(|(g, _)| g))
                            .expect("tame parts have tame genera");
                        self.known
                            .insert(position, Mark::Known(genus, Tameness::Tame));
                    } else {
                        // The genera of wild parts do not add up: search the whole sum.
                        self.enter_whole(position, stack)?;
                    }
                }
                Frame::Whole {
                    position, moves, ..
                } => {
                    self.listed -= self.bytes_of(&moves)
                        + std::mem::size_of::<G::Position>()
                        + self.outside_of(&position);
                    let options: Vec<(Genus, Tameness)> =
                        moves.iter().map(|m| self.settled(m)).collect();
                    let genus = Genus::from_options(options.iter().map(|(g, _)| g));
                    let options_tame = options.iter().all(|(_, t)| *t == Tameness::Tame);
                    let tameness = match (options_tame, genus.is_tame()) {
                        (true, true) => Tameness::Tame,
                        (true, false) => Tameness::Restive,
                        (false, _) => Tameness::Wild,
                    };
                    self.known.insert(position, Mark::Known(genus, tameness));
                }
            }
        }
        match self.known(&root) {
            Some(Mark::Known(genus, tameness)) => Ok((genus.clone(), *tameness)),
            _ => Err(Error::Cycle {
                position: format!("{root:?}"),
            }),
        }
    }

    /// The genus of a position already valued.
    fn settled(&self, position: &G::Position) -> (Genus, Tameness) {
        match self.known(position) {
            Some(Mark::Known(genus, tameness)) => (genus.clone(), *tameness),
            _ => unreachable!("an option is valued before its position"),
        }
    }
}

/// `position` less each two of its components that are \*1 (one move, which ends the
/// game) keep the genus. In normal play \*1 + \*1 is 0; in misère play g⁻(X + \*1 + \*1) =
/// g⁻(X) for every X, by induction on X: for X = 0 both are 1; otherwise the options of
/// X + \*1 + \*1 are X' + \*1 + \*1 for the options X' of X (of g⁻(X') by induction) and
/// X + \*1, whose g⁻ is not g⁻(X) since X is one of its options: the mex is g⁻(X). With X
/// beside any heaps of 2, every exponent of the genus is kept. Only the options of a position
/// are so reduced, never the position asked about: X + \*1 + \*1 is wild when X is restive,
/// and an option is looked at only for its genus and whether it is tame, which the reduction
/// keeps.
fn without_pairs_of_one<G: ImpartialGame>(
    game: &G,
    ones: &mut HashMap<G::Position, bool>,
    position: G::Position,
) -> G::Position {
    let parts: Vec<G::Position> = game.components(position.clone()).collect();
    if parts.len() < 2 {
        return position;
    }
    let mut is_one = Vec::with_capacity(parts.len());
    for part in &parts {
        let known = match ones.get(part) {
            Some(&known) => known,
            None => {
                let mut moves = game.moves(part);
                let known = match (moves.next(), moves.next()) {
                    (Some(only), None) => game.moves(&only).next().is_none(),
                    _ => false,
                };
                ones.insert(part.clone(), known);
                known
            }
        };
        is_one.push(known);
    }
    let count = is_one.iter().filter(|&&known| known).count();
    if count < 2 {
        return position;
    }
    let mut dropped = count - count % 2;
    let kept: Vec<G::Position> = parts
        .into_iter()
        .zip(is_one)
        .filter(|&(_, one)| {
            if dropped > 0 && one {
                dropped -= 1;
                false
            } else {
                true
            }
        })
        .map(|(part, _)| part)
        .collect();
    match game.join(kept) {
        Some(joined) => game.canonical(joined),
        None => position,
    }
}
