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
    assert!(svg.contains("period 12"));
    let refused = onag(&["sequence", "kayles", "--to", "10", "--plot", "out.gif"]);
    assert_eq!(refused.status.code(), Some(2));
    // The PNG is a real 900 x 460 image: its signature and header say so.
    let bytes = crate::common::plot("kayles", 600, "png");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&bytes[16..24], &[0, 0, 3, 132, 0, 0, 1, 204]);
}
