//! Hackenbush pictures drawn in SVG: the ground at the bottom, each edge in its colour and
//! named by its number, so that a page can make a move by a click on the edge it cuts.

use std::fmt::Write as _;

use super::graph::escape;
use crate::partizan::{Colour, Picture};

/// The pixels between rows and columns of vertices.
const STEP: f64 = 46.0;

/// The pictures of a sum side by side, one group a component: each edge a path with
/// `data-component` (from 0) and `data-edge` (from 1, the numbering of
/// [`Hackenbush::describe_cut`](crate::partizan::Hackenbush::describe_cut)), a vertex a dot,
/// the ground a thick line.
pub fn hackenbush_svg(pictures: &[Picture]) -> String {
    let mut body = String::new();
    let mut left = 10.0;
    let mut height: f64 = 80.0;
    let drawn: Vec<(String, f64, f64)> = pictures
        .iter()
        .enumerate()
        .map(|(component, picture)| picture_svg(picture, component))
        .collect();
    for (_, _, h) in &drawn {
        height = height.max(*h);
    }
    for (component, (group, width, h)) in drawn.iter().enumerate() {
        let _ = writeln!(
            body,
            "<g class=\"component\" data-component=\"{component}\" transform=\"translate({left:.1},{:.1})\">{group}</g>",
            height - h
        );
        left += width + 20.0;
    }
    let width = left.max(80.0);
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"sans-serif\" font-size=\"11\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n"
    )
}

/// One picture: its group's text, width and height.
fn picture_svg(picture: &Picture, component: usize) -> (String, f64, f64) {
    let edges = picture.edges();
    let vertices = edges
        .iter()
        .map(|&(a, b, _)| usize::from(a.max(b)) + 1)
        .max()
        .unwrap_or(1);
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); vertices];
    for &(a, b, _) in edges {
        adjacent[usize::from(a)].push(usize::from(b));
        adjacent[usize::from(b)].push(usize::from(a));
    }
    // Rows by the distance from the ground, breadth first.
    let mut depth = vec![usize::MAX; vertices];
    depth[0] = 0;
    let mut order = vec![0usize];
    let mut next = 0;
    while next < order.len() {
        let v = order[next];
        next += 1;
        for &w in &adjacent[v] {
            if depth[w] == usize::MAX {
                depth[w] = depth[v] + 1;
                order.push(w);
            }
        }
    }
    let deepest = depth
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    let ground = STEP * deepest as f64 + 30.0;
    // Columns: a vertex under the mean of its neighbours a row down, kept a step from the
    // one before it in its row.
    let mut x = vec![0.0f64; vertices];
    let mut placed = vec![false; vertices];
    placed[0] = true;
    for row in 1..=deepest {
        let mut wanted: Vec<(f64, usize)> = order
            .iter()
            .filter(|&&v| depth[v] == row)
            .enumerate()
            .map(|(rank, &v)| {
                let below: Vec<f64> = adjacent[v]
                    .iter()
                    .filter(|&&w| placed[w] && w != 0)
                    .map(|&w| x[w])
                    .collect();
                let at = if below.is_empty() {
                    STEP * rank as f64
                } else {
                    below.iter().sum::<f64>() / below.len() as f64
                };
                (at, v)
            })
            .collect();
        wanted.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut last = f64::NEG_INFINITY;
        for (at, v) in wanted {
            let at = at.max(last + STEP);
            x[v] = at;
            placed[v] = true;
            last = at;
        }
    }
    let shift = 20.0
        - (1..vertices)
            .filter(|&v| placed[v])
            .map(|v| x[v])
            .fold(f64::INFINITY, f64::min)
            .min(0.0);
    let at = |v: usize| (x[v] + shift, ground - STEP * depth[v] as f64);
    let mut width: f64 = (1..vertices)
        .filter(|&v| placed[v])
        .map(|v| x[v] + shift)
        .fold(40.0, f64::max)
        + 20.0;
    let mut group = String::new();
    // Edges between the same two vertices are bent apart; loops on the ground get places
    // of their own at the right.
    let mut seen: hashbrown::HashMap<(u16, u16), usize> = hashbrown::HashMap::new();
    let copies = |a: u16, b: u16| edges.iter().filter(|e| (e.0, e.1) == (a, b)).count();
    let mut ground_loops = 0;
    for (index, &(a, b, colour)) in edges.iter().enumerate() {
        let (stroke, name) = match colour {
            Colour::Blue => ("#1f5fd6", "blue"),
            Colour::Red => ("#d62f1f", "red"),
            Colour::Green => ("#1a9a3a", "green"),
        };
        let k = *seen.entry((a, b)).and_modify(|k| *k += 1).or_insert(0);
        let path = if a == 0 && b == 0 {
            let gx = width + 10.0 * ground_loops as f64;
            ground_loops += 1;
            width = width.max(gx + 20.0);
            format!(
                "M{gx:.1},{ground:.1} C{:.1},{:.1} {:.1},{:.1} {gx:.1},{ground:.1}",
                gx - 18.0,
                ground - 45.0,
                gx + 18.0,
                ground - 45.0
            )
        } else if a == b {
            let (vx, vy) = at(usize::from(a));
            format!(
                "M{vx:.1},{vy:.1} C{:.1},{:.1} {:.1},{:.1} {vx:.1},{vy:.1}",
                vx - 18.0,
                vy - 40.0,
                vx + 18.0,
                vy - 40.0
            )
        } else {
            let (x2, y2) = at(usize::from(b));
            // An edge from the ground stands on the ground under its upper end.
            let (x1, y1) = if a == 0 {
                (x2, ground)
            } else {
                at(usize::from(a))
            };
            let bend = 14.0 * (k as f64 - (copies(a, b) as f64 - 1.0) / 2.0);
            let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
            let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
            let (nx, ny) = (-(y2 - y1) / length, (x2 - x1) / length);
            format!(
                "M{x1:.1},{y1:.1} Q{:.1},{:.1} {x2:.1},{y2:.1}",
                mx + 2.0 * bend * nx,
                my + 2.0 * bend * ny
            )
        };
        let number = index + 1;
        let _ = writeln!(
            group,
            "<path class=\"edge edge-{name}\" data-component=\"{component}\" data-edge=\"{number}\" \
             d=\"{path}\" stroke=\"{stroke}\" stroke-width=\"5\" stroke-linecap=\"round\" \
             fill=\"none\" pointer-events=\"stroke\"><title>{}</title></path>",
            escape(&format!("edge {number}: {a}-{b}, {name}"))
        );
    }
    for v in (1..vertices).filter(|&v| placed[v]) {
        {
            let (vx, vy) = at(v);
            let _ = writeln!(
                group,
                "<circle cx=\"{vx:.1}\" cy=\"{vy:.1}\" r=\"3.5\" fill=\"black\"/>"
            );
        }
    }
    let _ = writeln!(
        group,
        "<line x1=\"0\" y1=\"{ground:.1}\" x2=\"{width:.1}\" y2=\"{ground:.1}\" stroke=\"#555\" stroke-width=\"4\"/>"
    );
    (group, width, ground + 10.0)
}
