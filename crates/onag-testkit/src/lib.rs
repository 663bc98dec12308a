//! Dev-only support for the workspace's tests, in one place: the published oracle tables
//! (`oracles`), and the brute forces written apart from the engines that the tests compare them
//! with, one per game (`loopy` for games with cycles, `cram` for Cram), and comparisons of two
//! solvers (`compare`); a client of `onag serve` (`serve`); and scratch folders that remove
//! themselves (`scratch`). Never a dependency of a library or of the program.

pub mod compare;
pub mod cram;
pub mod hackenbush;
pub mod loopy;
pub mod oracles;
pub mod partizan;
pub mod scratch;
pub mod serve;
