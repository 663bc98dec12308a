//! The `onag` program run as a process, one module per subcommand (and the program as a whole,
//! games with cycles, the pruned search, a real terminal, and the adversarial suite): outputs
//! checked against independent values, and every error path ending in one line on stderr and
//! exit status 2.

mod adversarial;
mod browser;
mod common;
mod completions;
mod cycles;
mod docs;
mod form;
mod games;
mod graph;
mod moves;
mod nimber;
mod partizan;
mod play;
mod plot;
mod program;
mod quotient;
mod search;
mod sequence;
mod serve;
mod sweep;
mod terminal;
mod value;
