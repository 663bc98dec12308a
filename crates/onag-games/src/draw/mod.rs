//! Pictures every front end shows the same way: a Grundy sequence plotted, a game's graph
//! drawn, a thermograph, in SVG (the program writes them to files, the Python package shows them inline, the
//! explorer in the page).

mod graph;
mod plot;
mod thermograph;

pub use graph::{MISERE_CAPTION, escape, graph_svg, misere_label};
pub use plot::{sequence_svg, sequence_svg_range};
pub use thermograph::thermograph_svg;
