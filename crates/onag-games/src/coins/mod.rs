//! Coin-turning games (Ferguson, *Game Theory*, Part I, §5; Winning Ways ch. 14): a row (or a
//! board) of coins, some heads; a move turns over a set of coins allowed by the rule, the
//! rightmost (south-east-most) going from heads to tails.
//!
//! A position is the set of its heads, and it is the disjunctive sum of its single heads
//! (turning a coin twice undoes it, so a head can be seen as a game of its own), so its value
//! is the nim-sum of the values `g(x)` of its heads. [`CoinRule`] gives a one-dimensional rule;
//! [`Coins`] makes it a game, its positions [`Heads`] held as runs of consecutive heads (a
//! move of Ruler turns a run of any length: a head at 10^12 has a move that leaves 10^12 - 1
//! heads, two numbers in this form). [`Tartan`] is the product of two one-dimensional games: a
//! move turns every coin of `A × B` for a move `A` of the first game and `B` of the second,
//! and the Tartan theorem says its values are the nim products `g₁(x) ⊗ g₂(y)` (Winning Ways
//! ch. 14; Ferguson §5.4). Its winning moves come from that theorem, not from a search of the
//! board.

mod games;
mod heads;
mod row;
mod rules;
mod written;

pub use games::{AcrosticTwins, Coins, Tartan};
pub use heads::{Heads, Turn};
pub use row::Row;
pub use rules::{CoinRule, CoinSubtraction, MockTurtles, Ruler, TurningTurtles, Twins};
