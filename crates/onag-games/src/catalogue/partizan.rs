//! The front of the partizan games of the catalogue: [`Partizan`], what a program asks of one
//! (forms, each player's moves and winning moves, positions written as text), and
//! [`PartizanNotation`], how a ruleset of [`crate::partizan`] is written.

use std::fmt;
use std::sync::Mutex;

use hashbrown::HashMap;
use onag_core::partizan::{Form, OutcomeSearch, PartizanGame, PartizanOutcome, PartizanSolver};

use super::{Move, Position};
use crate::Result;
use crate::notation::Progress;

/// How a partizan ruleset's positions and moves are written: what makes it a game of the
/// catalogue.
pub trait PartizanNotation: PartizanGame + Send + Sync + 'static
where
    Self::Position: Send + Sync + 'static,
{
    /// The game's name as the catalogue writes it.
    fn name(&self) -> &'static str;

    /// Reads one component.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) naming what was expected.
    fn read_component(&self, text: &str) -> Result<Self::Position>;

    /// Writes one component so that [`read_component`](PartizanNotation::read_component)
    /// reads it back.
    fn write_component(&self, position: &Self::Position) -> String;

    /// A drawing of a position (its components side by side) as SVG, for games drawn as
    /// pictures rather than boards; `None` for the others.
    fn draw(&self, components: &[Self::Position]) -> Option<String> {
        let _ = components;
        None
    }

    /// The move from `from` to `to` by Left (`left`) or Right, in the game's words.
    fn describe_move(&self, from: &Self::Position, to: &Self::Position, left: bool) -> String {
        let _ = left;
        format!(
            "{} -> {}",
            self.write_component(from),
            self.write_component(to)
        )
    }
}

/// A partizan game of the catalogue, chosen at run time: forms and moves of positions written
/// as text, one string per component of a sum. The forms found are kept for the game's life,
/// so a game played or a position's moves listed value each position once.
pub trait Partizan: fmt::Display + Send + Sync {
    /// Reads a position, one component per string.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidPosition`](crate::Error::InvalidPosition) for a component that does
    /// not parse.
    fn read(&self, components: &[String]) -> Result<Position>;

    /// The canonical form of a position: the sum of its components' forms.
    ///
    /// # Errors
    ///
    /// [`onag_core::Error::LimitExceeded`] (wrapped in [`Error::Engine`](crate::Error::Engine))
    /// past the positions bound ([`Partizan::set_max_positions`]) or the algebra's memory.
    fn form(&self, position: &Position) -> Result<Form>;

    /// Left's moves (`left`) or Right's, component by component, each with the form of the
    /// position it leaves.
    ///
    /// # Errors
    ///
    /// As [`Partizan::form`].
    fn moves(&self, position: &Position, left: bool) -> Result<Vec<(Move, Form)>>;

    /// Left's winning moves (to positions `>= 0`, which Left wins moving second) or Right's
    /// (to positions `<= 0`).
    ///
    /// # Errors
    ///
    /// As [`Partizan::form`].
    fn winning_moves(&self, position: &Position, left: bool) -> Result<Vec<Move>> {
        let mut winning = Vec::new();
        for (next, form) in self.moves(position, left)? {
            let wins = form.wins_moving_second(left)?;
            if wins {
                winning.push(next);
            }
        }
        Ok(winning)
    }

    /// Who wins the position, and the moves that win for each player moving first, by a
    /// pruned search of the whole sum ([`OutcomeSearch`]): no forms, so it reaches positions
    /// whose forms are out of reach. A winning move of Left's leaves a position that Left
    /// wins with Right to move (the moves [`Partizan::winning_moves`] finds, there from their
    /// forms).
    ///
    /// # Errors
    ///
    /// [`onag_core::Error::LimitExceeded`] past the positions bound
    /// ([`Partizan::set_max_positions`]); [`onag_core::Error::Stopped`] on a stop request.
    fn search(&self, position: &Position) -> Result<PartizanSearch>;

    /// The graph of every position reachable from `position`, breadth first: each position
    /// once (by how it is written) with its form, and each player's moves as edges. Node 0 is
    /// `position`.
    ///
    /// # Errors
    ///
    /// [`onag_core::Error::LimitExceeded`] for [`Positions`](onag_core::Resource::Positions)
    /// when more than `max_positions` positions are reachable, and as [`Partizan::form`].
    fn graph(&self, position: &Position, max_positions: usize) -> Result<PartizanGraph> {
        let mut nodes = vec![(position.clone(), self.form(position)?)];
        let mut index: HashMap<Vec<String>, usize> = HashMap::new();
        index.insert(position.components().to_vec(), 0);
        let mut edges = Vec::new();
        let mut next = 0;
        while next < nodes.len() {
            let from = nodes[next].0.clone();
            for left in [true, false] {
                for (after, form) in self.moves(&from, left)? {
                    let key = after.position.components().to_vec();
                    let to = match index.get(&key) {
                        Some(&to) => to,
                        None => {
                            if nodes.len() >= max_positions {
                                return Err(onag_core::Error::LimitExceeded {
                                    resource: onag_core::Resource::Positions,
                                    limit: max_positions as u64,
                                }
                                .into());
                            }
                            index.insert(key, nodes.len());
                            nodes.push((after.position, form));
                            nodes.len() - 1
                        }
                    };
                    edges.push((next, to, left));
                }
            }
            next += 1;
        }
        Ok(PartizanGraph { nodes, edges })
    }

    /// The position drawn as SVG, for a game drawn as a picture (Hackenbush: each edge
    /// numbered as its moves name it); `None` for games drawn as boards or text.
    ///
    /// # Errors
    ///
    /// As [`Partizan::read`] for a position written wrongly.
    fn drawing(&self, position: &Position) -> Result<Option<String>>;

    /// Bounds the positions remembered (10^8 unless set).
    fn set_max_positions(&self, most: u64);

    /// The threads [`Partizan::search`] asks its questions on (at least one; by default the
    /// cores the process may use, its affinity and quota respected). Forms are worked out
    /// on one thread: the algebra's table is one structure, and its operations are most of
    /// the work (PERFORMANCE.md).
    fn set_threads(&self, threads: usize);

    /// Where a long computation reports its progress (a count of positions).
    fn set_progress(&self, progress: Box<dyn FnMut(Progress) + Send>);

    /// How many positions are remembered.
    fn positions(&self) -> u64;
}

/// The positions reachable from one ([`Partizan::graph`]): node 0 the start.
#[derive(Clone, Debug)]
pub struct PartizanGraph {
    /// Each position with its form.
    pub nodes: Vec<(Position, Form)>,
    /// The moves: from, to, and whether Left (else Right) makes it.
    pub edges: Vec<(usize, usize, bool)>,
}

/// What a pruned search of a partizan position found ([`Partizan::search`]).
#[derive(Clone, Debug)]
pub struct PartizanSearch {
    /// Who wins: `L`, `R`, `N` or `P`.
    pub outcome: PartizanOutcome,
    /// Left's moves that win, Left moving first.
    pub left_moves: Vec<Move>,
    /// Right's moves that win, Right moving first.
    pub right_moves: Vec<Move>,
    /// The sums of regions the search answered (each with the player to move).
    pub positions: u64,
}

/// A partizan ruleset of [`crate::partizan`] as a [`Partizan`] game, with the forms it has
/// found.
pub struct Partizans<G: PartizanNotation>
where
    G::Position: Send + Sync + 'static,
{
    game: G,
    known: Mutex<(HashMap<G::Position, Form>, u64)>,
    progress: Mutex<Option<Reporter>>,
    /// The threads of a search ([`Partizan::set_threads`]); 0 for the cores the process may
    /// use.
    threads: std::sync::atomic::AtomicUsize,
}

/// Where a long computation reports.
type Reporter = Box<dyn FnMut(Progress) + Send>;

impl<G: PartizanNotation> Partizans<G>
where
    G::Position: Send + Sync + 'static,
{
    /// The game `game`, nothing known yet.
    pub fn new(game: G) -> Self {
        Partizans {
            game,
            known: Mutex::new((HashMap::new(), onag_core::Budget::DEFAULT.positions)),
            progress: Mutex::new(None),
            threads: std::sync::atomic::AtomicUsize::new(0),
        }
    }

    fn components<'p>(
        &self,
        position: &'p Position,
    ) -> Result<std::borrow::Cow<'p, [G::Position]>> {
        if let Some(typed) = position.typed_as::<Vec<G::Position>>(self.game.name()) {
            return Ok(std::borrow::Cow::Borrowed(typed.as_slice()));
        }
        let parts = position
            .components()
            .iter()
            .map(|text| self.game.read_component(text))
            .collect::<Result<Vec<_>>>()?;
        Ok(std::borrow::Cow::Owned(parts))
    }

    /// Runs `work` with the game's progress callback as a count of positions.
    fn reporting<T>(&self, work: impl FnOnce(&mut dyn FnMut(u64)) -> T) -> T {
        let mut progress = self
            .progress
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let mut report = |positions: u64| {
            if let Some(progress) = progress.as_mut() {
                progress(Progress::Search { positions });
            }
        };
        work(&mut report)
    }

    /// Left's moves (`left`) or Right's in the sum of `parts`, component by component, each
    /// with the parts it leaves. Moves that leave the same position (a domino toppled either
    /// way off the end of a row) are one move.
    fn each_move(&self, parts: &[G::Position], left: bool) -> Vec<(Move, Vec<G::Position>)> {
        let mut out = Vec::new();
        for (index, part) in parts.iter().enumerate() {
            let nexts: Vec<G::Position> = if left {
                self.game.left_moves(part).collect()
            } else {
                self.game.right_moves(part).collect()
            };
            let mut seen = hashbrown::HashSet::new();
            for next in nexts {
                if !seen.insert(next.clone()) {
                    continue;
                }
                let description = self.game.describe_move(part, &next, left);
                let mut after = parts.to_vec();
                after[index] = next;
                let written = self.position(after.clone());
                out.push((
                    Move {
                        component: index,
                        description,
                        position: written,
                    },
                    after,
                ));
            }
        }
        out
    }

    fn position(&self, parts: Vec<G::Position>) -> Position {
        let written = parts
            .iter()
            .map(|part| self.game.write_component(part))
            .collect();
        Position::typed(written, self.game.name().to_string(), parts)
    }

    /// The sum of the forms of `parts`, with the forms remembered.
    fn sum(&self, parts: &[G::Position]) -> Result<Form> {
        let mut guard = self
            .known
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let (known, most) = &mut *guard;
        let mut solver = PartizanSolver::resume(&self.game, std::mem::take(known), *most);
        let total = self.reporting(|report| {
            let mut total = Form::zero();
            for part in parts {
                total = total.add(solver.form_reporting(part, report)?)?;
            }
            Ok::<Form, onag_core::Error>(total)
        });
        *known = solver.into_known();
        Ok(total?)
    }
}

impl<G: PartizanNotation> fmt::Display for Partizans<G>
where
    G::Position: Send + Sync + 'static,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.name())
    }
}

impl<G: PartizanNotation> Partizan for Partizans<G>
where
    G::Position: Send + Sync + 'static,
{
    fn read(&self, components: &[String]) -> Result<Position> {
        let parts = components
            .iter()
            .map(|text| self.game.read_component(text))
            .collect::<Result<Vec<_>>>()?;
        Ok(self.position(parts))
    }

    fn form(&self, position: &Position) -> Result<Form> {
        let parts = self.components(position)?;
        self.sum(&parts)
    }

    fn moves(&self, position: &Position, left: bool) -> Result<Vec<(Move, Form)>> {
        let parts = self.components(position)?.into_owned();
        let mut out = Vec::new();
        for (next, after) in self.each_move(&parts, left) {
            let form = self.sum(&after)?;
            out.push((next, form));
        }
        Ok(out)
    }

    fn search(&self, position: &Position) -> Result<PartizanSearch> {
        let parts = self.components(position)?.into_owned();
        let most = self
            .known
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .1;
        let threads = match self.threads.load(std::sync::atomic::Ordering::Relaxed) {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            threads => threads,
        };
        self.reporting(|report| {
            let mut search = OutcomeSearch::new(&self.game, most)
                .with_threads(threads)
                .with_max_memory(onag_core::partizan::max_memory());
            search.set_progress(report);
            // One question a move: whether the opponent, to move after it, wins. The player
            // to move wins exactly when one of their moves answers no (the definition of the
            // outcome classes), so the outcome needs no question of its own.
            let mut moves = Vec::new();
            let mut questions = Vec::new();
            for left in [true, false] {
                for (next, after) in self.each_move(&parts, left) {
                    moves.push((left, next));
                    questions.push((after, !left));
                }
            }
            let opponent_wins = search.wins_each(&questions)?;
            let mut winning = [Vec::new(), Vec::new()];
            for ((left, next), opponent_wins) in moves.into_iter().zip(opponent_wins) {
                if !opponent_wins {
                    winning[usize::from(!left)].push(next);
                }
            }
            let [left_moves, right_moves] = winning;
            let outcome = PartizanOutcome::of_wins(!left_moves.is_empty(), !right_moves.is_empty());
            Ok(PartizanSearch {
                outcome,
                left_moves,
                right_moves,
                positions: search.positions(),
            })
        })
    }

    fn drawing(&self, position: &Position) -> Result<Option<String>> {
        let parts = self.components(position)?;
        Ok(self.game.draw(&parts))
    }

    fn set_progress(&self, progress: Box<dyn FnMut(Progress) + Send>) {
        *self
            .progress
            .lock()
            .unwrap_or_else(|poison| poison.into_inner()) = Some(progress);
    }

    fn set_threads(&self, threads: usize) {
        self.threads
            .store(threads.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    fn set_max_positions(&self, most: u64) {
        self.known
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .1 = most;
    }

    fn positions(&self) -> u64 {
        self.known
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .0
            .len() as u64
    }
}
