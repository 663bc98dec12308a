//! Pictures every front end shows the same way: a Grundy sequence plotted, a game's graph
//! drawn, a thermograph, in SVG (the program writes them to files, the Python package shows them inline, the
//! explorer in the page).

mod graph;
mod hackenbush;
mod plot;
mod thermograph;

pub use graph::{MISERE_CAPTION, escape, graph_svg, misere_label, partizan_graph_svg};
pub use hackenbush::hackenbush_svg;
pub use plot::{sequence_svg, sequence_svg_range};
pub use thermograph::thermograph_svg;

/// The opening of a drawing `width` by `height` on white, `title` as its title and heading.
fn header(width: f64, height: f64, title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        escape(title),
        width / 2.0,
        escape(title)
    )
}
