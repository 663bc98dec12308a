//! The picture of a Grundy sequence: G(n) against n, preperiod and period marked.

use std::fmt::Write as _;

use cgt_games::GrundySequence;

use super::graph::escape;

/// At most this many columns of points; longer sequences show each column's largest value.
const COLUMNS: usize = 4000;

/// An SVG drawing of `sequence`, titled `name`. Each value is a point (circle) with a `data-n`
/// and `data-g` attribute, so a program can read the plotted values back.
pub fn svg(name: &str, sequence: &GrundySequence) -> String {
    let values: Vec<u64> = sequence.iter().collect();
    let count = values.len().max(1);
    let bucket = count.div_ceil(COLUMNS);
    let points: Vec<(usize, u64)> = values
        .chunks(bucket)
        .enumerate()
        .map(|(index, chunk)| {
            let (offset, &value) = chunk
                .iter()
                .enumerate()
                .max_by_key(|&(_, value)| *value)
                .unwrap_or((0, &0));
            (index * bucket + offset, value)
        })
        .collect();
    let top = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let (width, height, left, right, bottom, upper) = (900.0, 460.0, 60.0, 20.0, 50.0, 50.0);
    let plot_width = width - left - right;
    let plot_height = height - bottom - upper;
    let last = (count - 1).max(1) as f64;
    let x = |n: f64| left + plot_width * n / last;
    let y = |g: f64| upper + plot_height * (1.0 - g / top);
    let period = sequence.period();
    let title = match period {
        Some(period) => format!("{name}: G(n) for n = 0..{}, {period}", count - 1),
        None => format!("{name}: G(n) for n = 0..{}, no period found", count - 1),
    };
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{}\" y=\"24\" text-anchor=\"middle\" font-size=\"15\">{}</text>\n",
        escape(&title),
        width / 2.0,
        escape(&title)
    );
    // Axes with end labels.
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"black\"/>\n\
         <line x1=\"{left}\" y1=\"{upper}\" x2=\"{left}\" y2=\"{0}\" stroke=\"black\"/>\n\
         <text x=\"{left}\" y=\"{2}\" text-anchor=\"middle\">0</text>\n\
         <text x=\"{1}\" y=\"{2}\" text-anchor=\"middle\">{3}</text>\n\
         <text x=\"{4}\" y=\"{2}\" text-anchor=\"middle\">n</text>\n\
         <text x=\"{5}\" y=\"{6}\" text-anchor=\"end\">{7}</text>\n\
         <text x=\"{5}\" y=\"{0}\" text-anchor=\"end\">0</text>\n\
         <text x=\"18\" y=\"{8}\" text-anchor=\"middle\">G(n)</text>",
        upper + plot_height,
        left + plot_width,
        upper + plot_height + 18.0,
        count - 1,
        left + plot_width / 2.0,
        left - 6.0,
        upper + 4.0,
        top as u64,
        upper + plot_height / 2.0,
    );
    if let Some(period) = period {
        let start = period.preperiod as f64;
        if start <= last {
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
        if end <= last {
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
        let _ = writeln!(
            svg,
            "<circle data-n=\"{n}\" data-g=\"{value}\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"1.8\" fill=\"#236\"/>",
            x(n as f64),
            y(value as f64)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// A raster (PNG) drawing of `sequence`: the same points, preperiod line and period band as
/// [`svg`], without text (the SVG has the labels). Returns the encoded file.
pub fn png(sequence: &GrundySequence) -> Result<Vec<u8>, png::EncodingError> {
    const WIDTH: usize = 900;
    const HEIGHT: usize = 460;
    let (left, right, bottom, upper) = (40usize, 20usize, 30usize, 20usize);
    let values: Vec<u64> = sequence.iter().collect();
    let count = values.len().max(1);
    let top = values.iter().copied().max().unwrap_or(0).max(1) as f64;
    let plot_width = (WIDTH - left - right) as f64;
    let plot_height = (HEIGHT - bottom - upper) as f64;
    let last = (count - 1).max(1) as f64;
    let x = |n: f64| left + (plot_width * n / last).round() as usize;
    let y = |g: f64| upper + (plot_height * (1.0 - g / top)).round() as usize;
    let mut pixels = vec![255u8; WIDTH * HEIGHT * 3];
    let mut paint = |px: usize, py: usize, colour: [u8; 3]| {
        if px < WIDTH && py < HEIGHT {
            let at = (py * WIDTH + px) * 3;
            pixels[at..at + 3].copy_from_slice(&colour);
        }
    };
    if let Some(period) = sequence.period() {
        let start = period.preperiod as f64;
        let end = (period.preperiod + period.period) as f64;
        if end <= last {
            for px in x(start)..=x(end) {
                for py in upper..=upper + plot_height as usize {
                    paint(px, py, [220, 240, 220]);
                }
            }
        }
        if start <= last {
            for py in (upper..=upper + plot_height as usize).filter(|py| py % 10 < 6) {
                paint(x(start), py, [210, 50, 50]);
            }
        }
    }
    for px in left..=left + plot_width as usize {
        paint(px, upper + plot_height as usize, [0, 0, 0]);
    }
    for py in upper..=upper + plot_height as usize {
        paint(left, py, [0, 0, 0]);
    }
    for (n, &value) in values.iter().enumerate() {
        let (cx, cy) = (x(n as f64), y(value as f64));
        for dx in 0..3 {
            for dy in 0..3 {
                paint(
                    (cx + dx).saturating_sub(1),
                    (cy + dy).saturating_sub(1),
                    [30, 50, 100],
                );
            }
        }
    }
    let mut file = Vec::new();
    let mut encoder = png::Encoder::new(&mut file, WIDTH as u32, HEIGHT as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(file)
}
