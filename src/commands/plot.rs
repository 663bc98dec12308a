//! The picture of a Grundy sequence: G(n) against n, preperiod and period marked.

use onag_games::GrundySequence;

/// A raster (PNG) drawing of `sequence`: the same points, preperiod line and period band as
/// `onag_games::draw::sequence_svg`, without text (the SVG has the labels). Returns the encoded file.
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
