//! The order in which a question asks a component's options: the killer moves made first, then
//! near the root the likeliest options first, else the easiest.
//!
//! These rules change how many questions a search asks, never its answers. Rules measured and
//! not kept, with their figures, are in `docs/notes/search.md`.

use super::worker::Worker;
use super::{Parts, Wanted, without_pairs};
use crate::{ImpartialGame, MOVE_KINDS, Result};

/// Questions at most this many frames deep in the stack (the nimber's frame and a sum's count
/// as one each: for one board, the root and three levels of options below it) order their
/// options by support: for each option, how many of its own options the table (or the game's
/// closed forms) values at anything but the largest value wanted. To show that a component is
/// not worth w, the search looks for an option worth w; an option is worth w only if none of
/// its options is, so the option whose known options all avoid w is the likeliest, and one with
/// an option known to be worth w cannot be it. Making every option's options costs a few
/// thousand look-ups a question, paid only this near the root and only in games that count
/// their moves beforehand ([`ImpartialGame::move_count`]), whose options are cheap to make.
/// Five frames: Cram 4 × 11 on one thread then asks 2.13 million questions instead of 3.73
/// million (three frames: 2.10 million, but 5 × 8 1.11 million instead of 0.68).
///
/// The frames are counted from the position asked about, not from each question's root: the
/// options of a list of moves are asked one move below it ([`Worker::below`]), so they order
/// as many levels by support as the position's own nimber search does. Counted from each
/// option instead, a list paid for one level more, its widest: Cram 5 × 8's winning moves on
/// one thread then asked 1.43 million questions where this asks 1.63 million, but each cost a
/// quarter more (6.8-7.1 s against 6.2-6.4 s; 4 × 9 and 5 × 7 a fifth faster, 3 × 14 nearly
/// twice as fast).
pub(super) const LOOKAHEAD: usize = 5;

/// No move, in [`Worker::killers`].
pub(super) const NO_MOVE: u64 = u64::MAX;

impl<G: ImpartialGame> Worker<'_, G> {
    /// The labels of the two moves that last settled a question about a position of `kind`
    /// ([`ImpartialGame::move_kind`]), to be made first (the killer heuristic of game-tree
    /// search); [`NO_MOVE`] where there is none, and for a position of no kind.
    pub(super) fn killers(&mut self, kind: Option<usize>) -> [u64; 2] {
        match kind {
            Some(kind) => {
                if self.killers.is_empty() {
                    self.killers = vec![[NO_MOVE; 2]; MOVE_KINDS];
                }
                self.killers[kind]
            }
            None => [NO_MOVE; 2],
        }
    }

    /// Learns that the move labelled `last` settled a question about a position of `kind`.
    pub(super) fn learn_killer(&mut self, kind: Option<usize>, last: u64) {
        if let Some(kind) = kind {
            let killers = &mut self.killers[kind];
            if killers[0] != last {
                *killers = [last, killers[0]];
            }
        }
    }

    /// `options` in the order they are to be asked: within [`LOOKAHEAD`] frames of the root,
    /// in a game that counts its moves, those with the most support first (see
    /// [`support`](Self::support)), those that cannot be worth the largest value wanted last,
    /// then the easiest; elsewhere the easiest first, by the game's measure of difficulty
    /// ([`ImpartialGame::difficulty`]).
    pub(super) fn order(
        &mut self,
        mut options: Vec<Parts<G::Position>>,
        wanted: &Wanted,
        counted: bool,
        depth: usize,
    ) -> Result<Vec<Parts<G::Position>>> {
        let game = self.game;
        let difficulty = |parts: &Parts<G::Position>| {
            parts
                .iter()
                .map(|part| game.difficulty(part))
                .fold(0u64, u64::saturating_add)
        };
        if depth <= LOOKAHEAD && counted {
            let w = wanted.largest();
            let mut keyed = Vec::with_capacity(options.len());
            for parts in options {
                // `None` (worth no `w`) is the least support, so it comes last reversed.
                let key = (
                    std::cmp::Reverse(self.support(&parts, w)?),
                    difficulty(&parts),
                );
                keyed.push((key, parts));
            }
            keyed.sort_by_key(|(key, _)| *key);
            options = keyed.into_iter().map(|(_, parts)| parts).collect();
        } else {
            options.sort_by_cached_key(difficulty);
        }
        Ok(options)
    }

    /// How many options of `option` (one component) the table or the closed forms value, none
    /// of them at `w`; `None` when one of them is worth `w` (so `option` is not).
    pub(super) fn support(&mut self, option: &Parts<G::Position>, w: u64) -> Result<Option<u64>> {
        let [component] = option.as_slice() else {
            return Ok(Some(0));
        };
        let game = self.game;
        let mut support = 0;
        for next in game.moves(component) {
            self.count_option()?;
            match self.known_value(&without_pairs(self.split(&next))) {
                Some(value) if value == w => return Ok(None),
                Some(_) => support += 1,
                None => {}
            }
        }
        Ok(Some(support))
    }
}
