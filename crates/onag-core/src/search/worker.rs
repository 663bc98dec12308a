//! One thread's search: the explicit stack of frames, each kind stepped by a method of its own,
//! and how a component's options are made and asked.

use std::sync::atomic::{AtomicBool, Ordering};

use smallvec::SmallVec;

use super::order::NO_MOVE;
use super::table::{Entry, Table};
use super::wanted::{Answer, Potential, Wanted};
use super::{Parts, SearchStats, split, without_pairs};
use crate::{Budget, ImpartialGame, MOVE_KINDS, Resource, Result};

/// A frame of the explicit stack; each gives an [`Answer`] to the frame below it.
pub(super) enum Frame<P> {
    /// The nimber of `component`: asked whether it is 0, 1, ... in turn, each question
    /// answered with the nimber itself when the search finds it on the way (Beling's
    /// aspiration sets, after Lemoine & Viennot's questions "is C + *k a P-position?").
    Nimber { component: P, k: u64 },
    /// The nimber of `component` if it is `wanted`. With `defer`, a component another thread
    /// is asking the options of answers [`Answer::Busy`] instead, and the option that asked it
    /// is asked again after the others (the threads then settle different options, and the
    /// second usually finds the first's answer in the table: Weill's ABDADA, 1996, for
    /// alpha-beta search). Components are deferred at every depth; the other rules for
    /// splitting the work that were measured are in `docs/notes/search.md`.
    Component {
        component: P,
        wanted: Wanted,
        defer: bool,
        state: State<P>,
    },
    /// The nimber of the sum of `parts` if it is `wanted`: the nimbers of all parts but the
    /// largest, then the largest asked for the wanted values moved by their xor.
    Sum {
        parts: Parts<P>,
        wanted: Wanted,
        largest: usize,
        next: usize,
        folded: u64,
    },
}

/// Where a component's frame is.
pub(super) enum State<P> {
    /// Not yet looked at.
    Start,
    /// Asking its options in turn (each as its parts, the easiest first): `next` is the next
    /// to ask, `potential` the values the nimber may still take, and `exact` whether every
    /// option asked so far answered with its value.
    Options {
        options: Vec<Parts<P>>,
        next: usize,
        potential: Potential,
        exact: bool,
        /// The options listed at the start; those after them were deferred once already.
        listed: usize,
    },
}

/// The most options a question may make before the table settles it and still make no entry
/// of its own (see [`Worker::options`]): Cram 4 × 11 took 15.6-15.8 s on one thread with 2
/// against 16.4-16.9 s remembering every question.
pub(super) const CHEAP: u32 = 2;

/// One thread's search: its own stack and counters, the game and the table shared.
pub(super) struct Worker<'a, G: ImpartialGame> {
    pub(super) game: &'a G,
    pub(super) budget: Budget,
    pub(super) table: &'a Table<G::Position>,
    pub(super) stats: SearchStats,
    pub(super) progress: Option<&'a mut dyn FnMut(u64)>,
    /// When the next progress report is due (the main thread's alone reports).
    pub(super) ticker: crate::ticker::Ticker,
    /// Set when some thread has answered: the others stop.
    pub(super) stop: &'a AtomicBool,
    /// For each kind of position ([`ImpartialGame::move_kind`]), the labels of the last two
    /// moves whose value the table knew and which settled a question ([`NO_MOVE`] for none),
    /// made first; empty until a game names a kind.
    pub(super) killers: Vec<[u64; 2]>,
    /// How many moves below the position asked about the root frame's position lies: 0 for
    /// a nimber or an outcome, 1 for an option asked while looking for winning moves (or moves
    /// to a value). Added to the stack's depth where the depth decides the order of options
    /// (see [`LOOKAHEAD`](super::order::LOOKAHEAD)).
    pub(super) below: usize,
}

impl<G: ImpartialGame> Worker<'_, G> {
    /// The canonical components of `position`.
    pub(super) fn split(&self, position: &G::Position) -> Parts<G::Position> {
        split(self.game, position)
    }

    pub(super) fn entry(&mut self, component: &G::Position) -> Option<Entry> {
        let found = self.table.get(component);
        if found.is_some() {
            self.stats.table_hits += 1;
        }
        found
    }

    pub(super) fn remember(&mut self, component: &G::Position, update: impl FnOnce(&mut Entry)) {
        let game = self.game;
        self.table
            .update(component, |key| game.position_bytes(key), update);
    }

    /// Counts an option made against the budget.
    ///
    /// The clock is looked at here, an option at a time, not a question at a time: one
    /// question about a large board makes thousands of options, each split into regions.
    pub(super) fn count_option(&mut self) -> Result<()> {
        self.stats.options += 1;
        if self.stats.options > self.budget.options {
            return Err(self.budget.exceeded(Resource::Options));
        }
        self.tick()
    }

    /// A step of the search: when a report is due (by the clock), looks at the stop in force
    /// and reports progress.
    fn tick(&mut self) -> Result<()> {
        if self.ticker.due() {
            crate::check_stop()?;
            if let Some(progress) = self.progress.as_mut() {
                progress(self.stats.questions);
            }
        }
        Ok(())
    }

    /// Splits `option` into parts: when the game's closed forms or the table value them all,
    /// their xor is taken out of `potential`; otherwise the parts join `options`, to be asked.
    pub(super) fn consider(
        &mut self,
        option: G::Position,
        potential: &mut Potential,
        options: &mut Vec<Parts<G::Position>>,
    ) {
        let parts = without_pairs(self.split(&option));
        match self.known_value(&parts) {
            Some(total) => {
                self.stats.table_hits += 1;
                potential.found(total);
            }
            None => options.push(parts),
        }
    }

    /// The nimber of the sum of `parts` when the game's closed forms or the table value every
    /// part.
    pub(super) fn known_value(&self, parts: &[G::Position]) -> Option<u64> {
        let mut total = 0u64;
        for part in parts {
            // The game's closed forms first: a part they value (for Cram, every small region)
            // never costs a look-up in the table, which is most of an option's cost once the
            // table outgrows the caches.
            total ^= match self.game.known_grundy(part) {
                Some(value) => value.value(),
                None => self.table.get(part)?.nimber()?,
            };
        }
        Some(total)
    }

    /// Looks at a component asked for `wanted`: answered at once by the table, the game's
    /// closed forms (asked once a component; what they say goes into the table) or the number
    /// of its options, or else its options listed, those whose parts the table values taken
    /// out of the potential values at once.
    pub(super) fn start(
        &mut self,
        component: &G::Position,
        wanted: Wanted,
        defer: bool,
        depth: usize,
    ) -> Result<Started<G::Position>> {
        let entry = self.entry(component);
        if let Some(nimber) = entry.and_then(|entry| entry.nimber()) {
            return Ok(Started::Answer(Answer::Value(nimber)));
        }
        let mut not = entry.map_or(0, |entry| entry.not_p);
        let fresh = !entry.is_some_and(|entry| entry.asked);
        if fresh {
            // The closed forms, asked once a component; what they say goes into the table.
            let value = match self.game.known_grundy(component) {
                Some(value) => Some(value.value()),
                None => match self.game.known_outcome(component) {
                    Some(crate::Outcome::Previous) => Some(0),
                    Some(crate::Outcome::Next) => {
                        not |= 1;
                        None
                    }
                    _ => None,
                },
            };
            if let Some(value) = value {
                // A value the entry cannot hold leaves the closed forms to be asked again.
                if Entry::holds(value) {
                    self.remember(component, |entry| {
                        entry.asked = true;
                        entry.learn(value);
                    });
                }
                return Ok(Started::Answer(Answer::Value(value)));
            }
        }
        let wanted = wanted.without(not);
        let busy = defer && entry.is_some_and(|entry| entry.busy > 0);
        if wanted.is_empty() || busy {
            if fresh {
                self.remember(component, |entry| {
                    entry.asked = true;
                    entry.not_p |= not;
                });
            }
            return Ok(Started::Answer(if busy {
                Answer::Busy
            } else {
                Answer::NotIn
            }));
        }
        let started = self.options(component, wanted, not, depth)?;
        if let Started::Options { .. } = started {
            // From here until it answers, a thread that meets this component asks its other
            // options first. Marked only once there are options to ask, so a question the
            // table settles leaves no entry behind; another thread may then make the same
            // options meanwhile (marking first, 4 x 11 on two threads asked 7% fewer questions
            // and was no faster).
            self.remember(component, |entry| {
                entry.asked = true;
                entry.not_p |= not;
                entry.busy = entry.busy.saturating_add(1);
            });
        }
        Ok(started)
    }

    /// The options of `component`, asked for `wanted` (less the values `not`, which the table
    /// learns with what the question finds), made and split: an answer when those the table
    /// values settle the question.
    ///
    /// A question settled by its first [`CHEAP`] options makes no new entry (it updates one
    /// that is there): asking it again costs about what looking it up would, and such
    /// questions made a fifth of the table (on Cram 4 × 11, 0.6 of its 3.3 million entries),
    /// whose size is what the search's look-ups wait for.
    pub(super) fn options(
        &mut self,
        component: &G::Position,
        wanted: Wanted,
        not: u64,
        depth: usize,
    ) -> Result<Started<G::Position>> {
        self.stats.questions += 1;
        // Options are made one at a time where the game counts them beforehand (most
        // questions are settled by the first few the table knows); otherwise all at once.
        let counted = self.game.move_count(component);
        let mut listed: Vec<G::Position> = Vec::new();
        if counted.is_none() {
            for option in self.game.moves(component) {
                self.count_option()?;
                listed.push(option);
            }
        }
        let count = counted.unwrap_or(listed.len() as u64);
        let mut potential = Potential::upto(count);
        let wanted = if wanted.is_every() {
            Wanted((0..=count).collect()).without(not)
        } else {
            wanted
        };
        let game = self.game;
        // Where the game labels its moves, the killers are made first (see `order.rs`).
        let kind = counted
            .and(game.move_kind(component))
            .filter(|&kind| kind < MOVE_KINDS);
        let killers = self.killers(kind);
        let mut first = killers
            .into_iter()
            .filter(|&label| label != NO_MOVE)
            .filter_map(|label| Some((label, game.labelled_move(component, label)?)));
        // A killer is made once: a label that is not one of this position's moves is not
        // among its labelled moves either.
        let mut lazy = counted.map(|_| {
            game.labelled_moves(component)
                .filter(move |(label, _)| !killers.contains(label))
        });
        let mut listed = listed.into_iter();
        let mut options = Vec::new();
        let mut made = 0;
        let mut last = NO_MOVE;
        while potential.meets(&wanted) {
            made += 1;
            let option = match lazy.as_mut() {
                Some(moves) => first
                    .next()
                    .or_else(|| moves.next())
                    .map(|(label, option)| {
                        last = label;
                        option
                    }),
                None => listed.next(),
            };
            let Some(option) = option else {
                break;
            };
            if lazy.is_some() {
                self.count_option()?;
            }
            self.consider(option, &mut potential, &mut options);
        }
        if !potential.meets(&wanted) {
            self.learn_killer(kind, last);
            let learned = |entry: &mut Entry| {
                entry.asked = true;
                entry.not_p |= not | wanted.low_bits() | potential.found;
            };
            if made > CHEAP {
                self.remember(component, learned);
            } else {
                self.table.update_existing(component, learned);
            }
            return Ok(Started::Answer(Answer::NotIn));
        }
        let options = self.order(options, &wanted, counted.is_some(), depth)?;
        Ok(Started::Options {
            options,
            potential,
            wanted,
        })
    }

    /// Runs frames from `root` until it answers (see [`Frame`]), or `None` when another thread
    /// answered first.
    pub(super) fn run(&mut self, root: Frame<G::Position>) -> Result<Option<Answer>> {
        let mut stack = vec![root];
        let result = self.run_frames(&mut stack);
        // Frames left by a stop or an error no longer ask their options.
        for frame in &stack {
            if let Frame::Component {
                component,
                state: State::Options { .. },
                ..
            } = frame
            {
                self.remember(component, |entry| entry.busy = entry.busy.saturating_sub(1));
            }
        }
        result
    }

    /// [`run`](Self::run) on `stack`, which holds what is left when it returns early: each
    /// frame on top is stepped by the method of its kind, with the answer of the frame above
    /// it that has just ended.
    pub(super) fn run_frames(
        &mut self,
        stack: &mut Vec<Frame<G::Position>>,
    ) -> Result<Option<Answer>> {
        let mut answer: Option<Answer> = None;
        // The stack holds its frames (and a frame asking options holds them): counted against
        // the memory budget, beside the table's own count, so that a game that never ends (a
        // user's game with a cycle, against the trait's law) is an error, not all the memory.
        let frame_bytes = std::mem::size_of::<Frame<G::Position>>()
            + 4 * std::mem::size_of::<G::Position>()
            + FRAME_OVERHEAD;
        // Whatever the budget, the stack may hold `LEAST_DEPTH` frames (a few megabytes): a
        // small budget bounds the table, which only makes the search slower.
        let by_memory = usize::try_from(self.budget.memory / frame_bytes as u64)
            .unwrap_or(usize::MAX)
            .max(LEAST_DEPTH);
        let depth_limit = usize::try_from(self.budget.positions)
            .unwrap_or(usize::MAX)
            .min(by_memory);
        let mut next_cycle_look = FIRST_CYCLE_LOOK;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            // Each frame's step too, not only each option made: a game whose positions have
            // no options (or a user's game stopped mid-search, whose moves then come back
            // empty) makes none, and must still see a stop.
            self.tick()?;
            if stack.len() > depth_limit {
                let resource = if depth_limit as u64 == self.budget.positions {
                    Resource::Positions
                } else {
                    Resource::Memory
                };
                return Err(self.budget.exceeded(resource));
            }
            // A position asked about while it is being asked about is on a cycle: looked for
            // at depths 1024, 2048, ..., so that a deep line costs the look once per doubling.
            if stack.len() >= next_cycle_look {
                next_cycle_look = next_cycle_look.saturating_mul(2);
                if let Some(position) = repeated_component(stack) {
                    return Err(crate::Error::Cycle { position });
                }
            }
            let depth = stack.len() + self.below;
            let Some(frame) = stack.last_mut() else {
                break;
            };
            let received = answer.take();
            let step = match frame {
                Frame::Nimber { component, k } => self.step_nimber(component, k, received),
                Frame::Component {
                    component,
                    wanted,
                    defer,
                    state,
                } => match state {
                    State::Start => self.step_start(component, wanted, *defer, state, depth)?,
                    State::Options { .. } => self.step_options(component, wanted, state, received),
                },
                Frame::Sum {
                    parts,
                    wanted,
                    largest,
                    next,
                    folded,
                } => self.step_sum(parts, wanted, largest, next, folded, received),
            };
            match step {
                Step::Ask(question) => stack.push(question),
                Step::Answer(found) => {
                    answer = found;
                    stack.pop();
                }
                Step::Again => {}
            }
        }
        Ok(answer)
    }

    /// A nimber frame: a value found ends it; "not `k`" asks about `k + 1` next, skipping the
    /// values the table knows the nimber is not.
    fn step_nimber(
        &mut self,
        component: &G::Position,
        k: &mut u64,
        received: Option<Answer>,
    ) -> Step<G::Position> {
        match received {
            Some(found @ Answer::Value(_)) => return Step::Answer(Some(found)),
            Some(Answer::NotIn) => *k += 1,
            Some(Answer::Busy) | None => {}
        }
        let not = self.table.get(component).map_or(0, |entry| entry.not_p);
        while *k < 64 && not >> *k & 1 == 1 {
            *k += 1;
        }
        Step::Ask(Frame::Component {
            component: component.clone(),
            wanted: Wanted::one(*k),
            defer: false,
            state: State::Start,
        })
    }

    /// A component not yet looked at: answered at once, or its options listed and the frame
    /// set to ask them.
    fn step_start(
        &mut self,
        component: &G::Position,
        wanted: &mut Wanted,
        defer: bool,
        state: &mut State<G::Position>,
        depth: usize,
    ) -> Result<Step<G::Position>> {
        let asked = std::mem::replace(wanted, Wanted(SmallVec::new()));
        Ok(match self.start(component, asked, defer, depth)? {
            Started::Answer(found) => Step::Answer(Some(found)),
            Started::Options {
                options,
                potential,
                wanted: narrowed,
            } => {
                *wanted = narrowed;
                *state = State::Options {
                    listed: options.len(),
                    options,
                    next: 0,
                    potential,
                    exact: true,
                };
                Step::Again
            }
        })
    }

    /// A component asking its options: takes in the last option's answer, then asks the next
    /// option that can still matter, or settles the question (and tells the table).
    fn step_options(
        &mut self,
        component: &G::Position,
        wanted: &Wanted,
        state: &mut State<G::Position>,
        received: Option<Answer>,
    ) -> Step<G::Position> {
        let State::Options {
            options,
            next,
            potential,
            exact,
            listed,
        } = state
        else {
            return Step::Again;
        };
        match received {
            Some(Answer::Value(value)) => potential.found(value),
            Some(Answer::NotIn) => {
                // Not worth any value below the largest: take the largest out.
                if let Some(largest) = potential.largest() {
                    potential.remove(largest);
                }
                *exact = false;
            }
            Some(Answer::Busy) => {
                // Asked again after the others (once: it is past `listed` then).
                let deferred = std::mem::take(&mut options[*next - 1]);
                options.push(deferred);
            }
            None => {}
        }
        loop {
            if !potential.meets(wanted) {
                return self.settle(component, wanted, potential, Answer::NotIn);
            }
            if *next == options.len() {
                // Every option asked: the least value left is the nimber when every option was
                // valued, or when it is no larger than the largest wanted.
                let least = potential.least().unwrap_or(0);
                let found = if *exact || least <= wanted.largest() {
                    Answer::Value(least)
                } else {
                    Answer::NotIn
                };
                return self.settle(component, wanted, potential, found);
            }
            let ask = potential.ask(wanted.largest());
            let defer = *next < *listed;
            *next += 1;
            if ask.is_empty() {
                if let Some(largest) = potential.largest() {
                    potential.remove(largest);
                }
                *exact = false;
            } else if options[*next - 1].len() == 1 {
                // Left in the list, to be deferred if another thread has it.
                return Step::Ask(Frame::Component {
                    component: options[*next - 1][0].clone(),
                    wanted: ask,
                    defer,
                    state: State::Start,
                });
            } else {
                let parts = std::mem::take(&mut options[*next - 1]);
                return Step::Ask(Frame::Sum {
                    parts,
                    wanted: ask,
                    largest: usize::MAX,
                    next: 0,
                    folded: 0,
                });
            }
        }
    }

    /// Ends a component's question with `found`: the table learns the value, or the values
    /// the question ruled out, and the component is no longer busy.
    fn settle(
        &mut self,
        component: &G::Position,
        wanted: &Wanted,
        potential: &Potential,
        found: Answer,
    ) -> Step<G::Position> {
        let bits = wanted.low_bits() | potential.found;
        self.remember(component, |entry| {
            entry.busy = entry.busy.saturating_sub(1);
            match found {
                Answer::Value(value) => entry.learn(value),
                _ => entry.not_p |= bits,
            }
        });
        Step::Answer(Some(found))
    }

    /// A sum: the parts but the hardest are valued one by one and their nimbers folded; then
    /// the hardest is asked for the wanted values moved by the fold, and answers for the sum.
    fn step_sum(
        &mut self,
        parts: &Parts<G::Position>,
        wanted: &Wanted,
        largest: &mut usize,
        next: &mut usize,
        folded: &mut u64,
        received: Option<Answer>,
    ) -> Step<G::Position> {
        if parts.is_empty() {
            return Step::Answer(Some(Answer::Value(0)));
        }
        if *largest == usize::MAX {
            *largest = self.hardest(parts);
        }
        if *next > parts.len() {
            // The largest part has answered for the whole sum.
            return Step::Answer(received.map(|found| match found {
                Answer::Value(value) => Answer::Value(value ^ *folded),
                other => other,
            }));
        }
        // A smaller part was asked for every value its nimber may take, so it answers with the
        // nimber (the soundness argument in the module docs).
        debug_assert!(received != Some(Answer::NotIn));
        if let Some(Answer::Value(value)) = received {
            *folded ^= value;
        }
        if *next == *largest {
            *next += 1;
        }
        if *next < parts.len() {
            let component = parts[*next].clone();
            *next += 1;
            // One search for the whole nimber (Beling & Rogalski ask a part of a sum so):
            // cheaper than a question for each value in turn.
            Step::Ask(Frame::Component {
                component,
                wanted: Wanted::every(),
                defer: false,
                state: State::Start,
            })
        } else {
            *next = parts.len() + 1;
            Step::Ask(Frame::Component {
                component: parts[*largest].clone(),
                wanted: wanted.xor(*folded),
                defer: false,
                state: State::Start,
            })
        }
    }

    /// The index of the hardest part of a sum, asked last; a part with a closed form is never
    /// the hardest.
    fn hardest(&self, parts: &Parts<G::Position>) -> usize {
        if parts.len() == 1 {
            return 0;
        }
        let game = self.game;
        let size = |part: &G::Position| {
            if game.known_grundy(part).is_some() {
                return 0;
            }
            // The game's measure when it has one, else its moves, counted up to a cap.
            match game.difficulty(part) {
                0 => 1 + game.moves(part).take(64).count() as u64,
                difficulty => difficulty,
            }
        };
        (0..parts.len())
            .max_by_key(|&i| size(&parts[i]))
            .unwrap_or(0)
    }
}

/// Bytes a frame holds besides its own size and a few positions: its vectors' headers and
/// what the allocator keeps beside them.
const FRAME_OVERHEAD: usize = 64;

/// The frames the stack may hold under any memory budget.
const LEAST_DEPTH: usize = 1 << 14;

/// The depth at which the stack is first looked at for a position repeated on it.
const FIRST_CYCLE_LOOK: usize = 1024;

/// A component asked about twice on the stack, written with its `Debug` form: in a game
/// without cycles no position is its own descendant.
fn repeated_component<P: Clone + Eq + std::hash::Hash + std::fmt::Debug>(
    stack: &[Frame<P>],
) -> Option<String> {
    let mut seen = hashbrown::HashSet::new();
    for frame in stack {
        if let Frame::Component { component, .. } = frame
            && !seen.insert(component)
        {
            return Some(format!("{component:?}"));
        }
    }
    None
}

/// What one step of a frame does to the stack.
pub(super) enum Step<P> {
    /// Ask this question next, in a frame above.
    Ask(Frame<P>),
    /// The frame is done: it leaves the stack, handing this answer to the frame below (`None`
    /// when a stop cut its question short).
    Answer(Option<Answer>),
    /// The frame changed its state: step it again.
    Again,
}

/// What looking at a component found.
pub(super) enum Started<P> {
    Answer(Answer),
    Options {
        options: Vec<Parts<P>>,
        potential: Potential,
        wanted: Wanted,
    },
}
