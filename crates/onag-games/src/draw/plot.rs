//! A Grundy sequence plotted in SVG: G(n) against n, preperiod and period marked.

use std::fmt::Write as _;

use crate::GrundySequence;

/// At most this many columns of points; longer sequences show each column's largest value.
const COLUMNS: usize = 4000;

/// An SVG drawing of `sequence`, titled `name`. Each value is a point (circle) with a `data-n`
/// and `data-g` attribute, so a program can read the plotted values back.
pub fn sequence_svg(name: &str, sequence: &GrundySequence) -> String {
    sequence_svg_range(name, sequence, 0, sequence.last())
}

/// [`sequence_svg`] of the heaps `from..=to` only (cut to the heaps computed): a zoom. Rare
/// values (see [`SparseReport`](crate::SparseReport)) are drawn in red with the class `rare`.
pub fn sequence_svg_range(name: &str, sequence: &GrundySequence, from: u64, to: u64) -> String {
    let to = to.min(sequence.last());
    let from = from.min(to);
    let report = sequence.sparse_report();
    let values: Vec<u64> = sequence
        .iter()
        .skip(usize::try_from(from).unwrap_or(usize::MAX))
        .take(usize::try_from(to - from).map_or(usize::MAX, |count| count.saturating_add(1)))
        .collect();
    let count = values.len().max(1);
    let bucket = count.div_ceil(COLUMNS);
    let points: Vec<(u64, u64)> = values
        .chunks(bucket)
        .enumerate()
        .map(|(index, chunk)| {
            let (offset, &value) = chunk
                .iter()
                .enumerate()
                .max_by_key(|&(_, value)| *value)
                .unwrap_or((0, &0));
            (from + (index * bucket + offset) as u64, value)
        })
        .collect();
    let top = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (width, height, left, right, bottom, upper) = (900.0, 460.0, 60.0, 20.0, 50.0, 50.0);
    let plot_width = width - left - right;
    let plot_height = height - bottom - upper;
    let span = (count - 1).max(1) as f64;
    let x = |n: f64| left + plot_width * (n - from as f64) / span;
    let y = |g: f64| upper + plot_height * (1.0 - g / top);
    let period = sequence.period();
    let title = match period {
        Some(period) => format!("{name}: G(n) for n = {from}..{to}, {period}"),
        None => format!("{name}: G(n) for n = {from}..{to}, no period found"),
    };
    let mut svg = super::header(width, height, &title);
    // Axes with end labels.
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{upper}\" x2=\"{left}\" y2=\"{0}\" stroke=\"black\"/>\n\
         <text x=\"{left}\" y=\"{2}\" text-anchor=\"middle\">{9}</text>\n\
         <text x=\"{1}\" y=\"{2}\" text-anchor=\"middle\">{3}</text>\n\
         <text x=\"{4}\" y=\"{10}\" text-anchor=\"middle\">n</text>\n\
         <text x=\"{5}\" y=\"{6}\" text-anchor=\"end\">{7}</text>\n\
         <text x=\"{5}\" y=\"{0}\" text-anchor=\"end\">0</text>\n\
         <text x=\"18\" y=\"{8}\" text-anchor=\"middle\">G(n)</text>",
        upper + plot_height,
        left + plot_width,
        upper + plot_height + 18.0,
        to,
        left + plot_width / 2.0,
        left - 6.0,
        upper + 4.0,
        top as u64,
        upper + plot_height / 2.0,
        from,
        upper + plot_height + 36.0,
    );
    // Ticks between the ends, at round steps, on both axes.
    let x_step = round_step(to - from, 8);
    let first = from.div_ceil(x_step) * x_step;
    for n in (first..to).step_by(usize::try_from(x_step).unwrap_or(usize::MAX)) {
        let at = x(n as f64);
        // Clear of the end labels.
        if at - left < 40.0 || left + plot_width - at < 40.0 {
            continue;
        }
        let _ = writeln!(
            svg,
            "<line class=\"tick\" x1=\"{at:.1}\" y1=\"{0}\" x2=\"{at:.1}\" y2=\"{1}\" stroke=\"black\"/>\n\
             <text class=\"tick\" x=\"{at:.1}\" y=\"{2}\" text-anchor=\"middle\">{n}</text>",
            upper + plot_height,
            upper + plot_height + 5.0,
            upper + plot_height + 18.0,
        );
    }
    let y_step = round_step(top as u64, 5);
    for g in (y_step..top as u64).step_by(usize::try_from(y_step).unwrap_or(usize::MAX)) {
        let at = y(g as f64);
        if at - upper < 14.0 {
            continue;
        }
        let _ = writeln!(
            svg,
            "<line class=\"tick\" x1=\"{0}\" y1=\"{at:.1}\" x2=\"{left}\" y2=\"{at:.1}\" stroke=\"black\"/>\n\
             <text class=\"tick\" x=\"{1}\" y=\"{2:.1}\" text-anchor=\"end\">{g}</text>",
            left - 5.0,
            left - 6.0,
            at + 4.0,
        );
    }
    // What the colours of the points mean, where rare values are told apart.
    if report.is_some() {
        let _ = writeln!(
            svg,
            "<g class=\"legend\">\n\
             <rect x=\"{0}\" y=\"{1}\" width=\"8\" height=\"8\" fill=\"#236\"/>\n\
             <text x=\"{2}\" y=\"{3}\">common value</text>\n\
             <rect x=\"{4}\" y=\"{1}\" width=\"8\" height=\"8\" fill=\"#c22\"/>\n\
             <text x=\"{5}\" y=\"{3}\">rare value (sparse-space classes)</text>\n</g>",
            width - 330.0,
            height - 18.0,
            width - 318.0,
            height - 10.0,
            width - 220.0,
            width - 208.0,
        );
    }
    if let Some(period) = period {
        let start = period.preperiod as f64;
        if (from as f64..=to as f64).contains(&start) {
            let _ = writeln!(
                svg,
                "<line class=\"preperiod\" x1=\"{0:.1}\" y1=\"{upper}\" x2=\"{0:.1}\" y2=\"{1}\" \
                 stroke=\"#d33\" stroke-dasharray=\"6 4\"/>\n\
                 <text x=\"{0:.1}\" y=\"{2}\" fill=\"#d33\">preperiod {3}</text>",
                x(start),
                upper + plot_height,
                upper - 6.0,
                period.preperiod
            );
        }
        let end = (period.preperiod + period.period) as f64;
        if start >= from as f64 && end <= to as f64 {
            let _ = writeln!(
                svg,
                "<rect class=\"period\" x=\"{0:.1}\" y=\"{upper}\" width=\"{1:.1}\" height=\"{plot_height}\" \
                 fill=\"#3a3\" fill-opacity=\"0.15\"/>\n\
                 <text x=\"{2:.1}\" y=\"{3}\" fill=\"#282\">period {4}</text>",
                x(start),
                x(end) - x(start),
                x(end) + 4.0,
                upper + 14.0,
                period.period
            );
        }
    }
    for (n, value) in points {
        // Heap 0 never takes part in a move, so the classification leaves it out.
        let rare = n > 0 && report.is_some_and(|report| report.is_rare(n, value));
        let (class, fill, radius) = if rare {
            (" class=\"rare\"", "#c22", 2.6)
        } else {
            ("", "#236", 1.8)
        };
        let _ = writeln!(
            svg,
            "<circle{class} data-n=\"{n}\" data-g=\"{value}\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"{radius}\" fill=\"{fill}\"/>",
            x(n as f64),
            y(value as f64)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// A round step (1, 2 or 5 times a power of ten) that cuts `span` into at most about `most`
/// parts; at least 1.
fn round_step(span: u64, most: u64) -> u64 {
    let rough = span.div_ceil(most.max(1)).max(1);
    let mut power = 1u64;
    while power.saturating_mul(10) <= rough {
        power *= 10;
    }
    [1, 2, 5, 10]
        .into_iter()
        .map(|factor| power.saturating_mul(factor))
        .find(|&step| step >= rough)
        .unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::round_step;

    #[test]
    fn steps_are_round_and_cut_the_span_into_few_parts() {
        assert_eq!(round_step(600, 8), 100);
        assert_eq!(round_step(1000, 8), 200);
        assert_eq!(round_step(8, 5), 2);
        assert_eq!(round_step(0, 5), 1);
        assert_eq!(round_step(3, 5), 1);
        assert_eq!(round_step(10_000_000, 8), 2_000_000);
        for span in [1, 7, 99, 1234, 99_999, u64::MAX / 3] {
            let step = round_step(span, 8);
            assert!(span.div_ceil(step) <= 8, "{span}: {step}");
        }
    }
}
