//! Games played on a board of cells: Cram (dominoes placed on free cells) and Chomp (bites
//! from a Young diagram), each one large position valued by search.

mod chomp;
mod cram;

pub use chomp::{Chomp, ChompTable, TABLES_KEPT, TableProgress};
pub use cram::{Board, Cram};
