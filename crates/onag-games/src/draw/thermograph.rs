//! A thermograph drawn in SVG, as Winning Ways draws them: value across (Left's side, the
//! larger values, on the left), temperature up; the two walls, the mast above where they
//! meet, and the temperature marked.

use std::fmt::Write as _;

use onag_core::partizan::{Dyadic, Thermograph, Trajectory};

use super::escape;

/// The wall's corners from `t = -1` to `top`, as (value, temperature) pairs.
fn corners(wall: &Trajectory, top: &Dyadic) -> Vec<(f64, f64)> {
    let mut points: Vec<(f64, f64)> = wall
        .points()
        .iter()
        .filter(|(t, _)| t <= top)
        .map(|(t, v)| (v.to_f64(), t.to_f64()))
        .collect();
    points.push((wall.at(top).to_f64(), top.to_f64()));
    points
}

/// An SVG drawing of `thermograph`, titled `name`. The walls are polylines with the classes
/// `left-wall` and `right-wall`, the mast `mast`, and the temperature line carries
/// `data-temperature` and the mast `data-mean` (exact, as text), so a program can read them.
pub fn thermograph_svg(name: &str, thermograph: &Thermograph) -> String {
    let temperature = &thermograph.temperature;
    // Show a little above the temperature (at least up to 1).
    let top_f = (temperature.to_f64() + 1.0).max(1.0).ceil();
    let top = Dyadic::from(top_f as i64);
    let left = corners(&thermograph.left, &top);
    let right = corners(&thermograph.right, &top);
    let values: Vec<f64> = left.iter().chain(&right).map(|p| p.0).collect();
    let most = values.iter().copied().fold(f64::MIN, f64::max);
    let least = values.iter().copied().fold(f64::MAX, f64::min);
    let margin = ((most - least) * 0.1).max(0.5);
    let (hi, lo) = (most + margin, least - margin);
    let (width, height, pad_left, pad_right, pad_bottom, pad_top) =
        (640.0, 420.0, 50.0, 30.0, 50.0, 50.0);
    let plot_w = width - pad_left - pad_right;
    let plot_h = height - pad_top - pad_bottom;
    // Larger values to the left.
    let x = |v: f64| pad_left + plot_w * (hi - v) / (hi - lo);
    let y = |t: f64| pad_top + plot_h * (top_f - t) / (top_f + 1.0);
    let title = format!(
        "thermograph of {name}: mean {}, temperature {}",
        thermograph.mast, thermograph.temperature
    );
    let mut svg = super::header(width, height, &title);
    // Axes: temperature 0 across, and value ticks at the integers.
    let _ = writeln!(
        svg,
        "<line x1=\"{pad_left}\" y1=\"{y0:.1}\" x2=\"{x2}\" y2=\"{y0:.1}\" stroke=\"#999\"/>\n\
         <text x=\"{}\" y=\"{:.1}\" text-anchor=\"end\">t = 0</text>",
        pad_left - 4.0,
        y(0.0) + 4.0,
        y0 = y(0.0),
        x2 = width - pad_right
    );
    let mut tick = lo.ceil();
    let step = ((hi - lo) / 10.0).ceil().max(1.0);
    while tick <= hi {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            x(tick),
            height - pad_bottom + 18.0,
            tick
        );
        tick += step;
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" fill=\"#555\">value (Left's side on the left)</text>",
        width / 2.0,
        height - 10.0
    );
    for (class, wall, colour) in [
        ("left-wall", &left, "#1f4e9c"),
        ("right-wall", &right, "#b42318"),
    ] {
        let points: Vec<String> = wall
            .iter()
            .map(|&(v, t)| format!("{:.2},{:.2}", x(v), y(t)))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline class=\"{class}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
            points.join(" ")
        );
    }
    let mast = thermograph.mast.to_f64();
    let t = temperature.to_f64();
    let _ = writeln!(
        svg,
        "<line class=\"mast\" data-mean=\"{}\" x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"#111\" stroke-width=\"2\"/>\n\
         <line class=\"temperature\" data-temperature=\"{}\" x1=\"{pad_left}\" y1=\"{:.2}\" x2=\"{}\" y2=\"{:.2}\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n\
         <text x=\"{}\" y=\"{:.2}\" fill=\"#555\">temperature {}</text>",
        escape(&thermograph.mast.to_string()),
        x(mast),
        y(t),
        x(mast),
        y(top_f),
        escape(&temperature.to_string()),
        y(t),
        width - pad_right,
        y(t),
        pad_left + 4.0,
        y(t) - 4.0,
        escape(&temperature.to_string()),
    );
    svg.push_str("</svg>\n");
    svg
}
