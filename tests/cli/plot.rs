//! `onag sequence --plot`: the plot is well-formed SVG with the values and the period.

use crate::common::onag;

#[test]
fn plot_is_well_formed_svg_with_the_values_and_the_period() {
    let expected =
        crate::common::oracle_values("kayles_0.77.json", "/G_expanded_by_rule_0_to_1199/values");
    let svg = String::from_utf8(crate::common::plot("kayles", 600, "svg")).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let points: Vec<(usize, u64)> = document
        .descendants()
        .filter(|node| node.has_tag_name("circle"))
        .map(|node| {
            (
                node.attribute("data-n").unwrap().parse().unwrap(),
                node.attribute("data-g").unwrap().parse().unwrap(),
            )
        })
        .collect();
    assert_eq!(points.len(), 601);
    for (n, value) in points {
        assert_eq!(value, expected[n], "G({n})");
    }
    let marks = |class: &str| {
        document
            .descendants()
            .any(|node| node.attribute("class") == Some(class))
    };
    assert!(marks("preperiod") && marks("period"));
    // Both axes are labelled between their ends at round steps (Kayles' values to 600 reach
    // 8, A002186), and the red of the rare values is explained.
    let ticks: Vec<(f64, f64, String)> = document
        .descendants()
        .filter(|node| node.has_tag_name("text") && node.attribute("class") == Some("tick"))
        .map(|node| {
            let at = |name: &str| node.attribute(name).unwrap().parse::<f64>().unwrap();
            (at("x"), at("y"), node.text().unwrap().to_string())
        })
        .collect();
    let labels = |horizontal: bool| -> Vec<String> {
        let mut found: Vec<(f64, String)> = ticks
            .iter()
            .filter(|(_, y, _)| (*y > 420.0) == horizontal)
            .map(|(x, y, label)| (if horizontal { *x } else { -*y }, label.clone()))
            .collect();
        found.sort_by(|a, b| a.0.total_cmp(&b.0));
        found.into_iter().map(|(_, label)| label).collect()
    };
    assert_eq!(labels(true), ["100", "200", "300", "400", "500"]);
    assert_eq!(labels(false), ["2", "4", "6"]);
    let legend = document
        .descendants()
        .find(|node| node.attribute("class") == Some("legend"))
        .expect("a legend");
    let words: String = legend
        .descendants()
        .filter_map(|node| node.text())
        .collect();
    assert!(
        words.contains("rare value") && words.contains("common value"),
        "{words}"
    );
    assert!(svg.contains("period 12"));
    let refused = onag(&["sequence", "kayles", "--to", "10", "--plot", "out.gif"]);
    assert_eq!(refused.status.code(), Some(2));
    // The PNG is a real 900 x 460 image: its signature and header say so.
    let bytes = crate::common::plot("kayles", 600, "png");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[16..24], &[0, 0, 3, 132, 0, 0, 1, 204]);
}
