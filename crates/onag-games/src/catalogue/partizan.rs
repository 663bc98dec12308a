//! The front of the partizan games of the catalogue: [`Partizan`], what a program asks of one
//! (forms, each player's moves and winning moves, positions written as text), and
//! [`PartizanNotation`], how a ruleset of [`crate::partizan`] is written.

use std::fmt;
use std::sync::Mutex;

use hashbrown::HashMap;
use onag_core::partizan::{Form, PartizanGame, PartizanSolver};

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

    /// Bounds the positions remembered (10^8 unless set).
    fn set_max_positions(&self, most: u64);

    /// Where a long computation reports its progress (a count of positions).
    fn set_progress(&self, progress: Box<dyn FnMut(Progress) + Send>);

    /// How many positions are remembered.
    fn positions(&self) -> u64;
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
        let mut progress = self
            .progress
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        let mut report = |positions: u64| {
            if let Some(progress) = progress.as_mut() {
                progress(Progress::Search { positions });
            }
        };
        let mut total = Ok(Form::zero());
        for part in parts {
            total = total.and_then(|sum: Form| sum.add(solver.form_reporting(part, &mut report)?));
            if total.is_err() {
                break;
            }
        }
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
        for (index, part) in parts.iter().enumerate() {
            let nexts: Vec<G::Position> = if left {
                self.game.left_moves(part).collect()
            } else {
                self.game.right_moves(part).collect()
            };
            let mut seen = hashbrown::HashSet::new();
            for next in nexts {
                // Moves that leave the same position (a domino toppled either way off the
                // end of a row) are one move.
                if !seen.insert(next.clone()) {
                    continue;
                }
                let description = self.game.describe_move(part, &next, left);
                let mut after = parts.clone();
                after[index] = next;
                let form = self.sum(&after)?;
                out.push((
                    Move {
                        component: index,
                        description,
                        position: self.position(after),
                    },
                    form,
                ));
            }
        }
        Ok(out)
    }

    fn set_progress(&self, progress: Box<dyn FnMut(Progress) + Send>) {
        *self
            .progress
            .lock()
            .unwrap_or_else(|poison| poison.into_inner()) = Some(progress);
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
