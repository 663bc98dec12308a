//! The rulesets of `onag-games` against independent values: published tables and closed forms
//! (the workspace's `tests/oracles/`), judge samples, and brute force with every hook hidden.
//! One test binary for the crate, so that it links once.

mod analysis;
mod chomp;
mod coins;
mod cram;
mod games;
mod genus;
mod graph_games;
mod green_hackenbush;
mod heap_games;
mod impartial_as_partizan;
mod judge_samples;
mod loopy;
mod misere;
mod nim;
mod partizan_games;
mod partizan_rulesets;
mod quotient;
mod sequences;
mod shapes;
