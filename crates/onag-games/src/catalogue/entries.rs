//! The table of the catalogue: every game by name, with its syntax, how a component is
//! written, an example, its rule in one line, and how it is opened.

use super::{
    CatalogueEntry, Game, Loopy, Opener, Partizan, PartizanNotation, Partizans, Pruned, Ruleset,
    Searched,
};
use crate::notation::{self, Notation};
use crate::partizan::{
    Amazons, Clobber, Col, Cutcake, Domineering, Hackenbush, Konane, Snort, ToadsAndFrogs,
    TopplingDominoes,
};
use crate::{
    AcrosticTwins, ArcKayles, Chomp, Coins, Cram, Error, GreenHackenbush, LoopySubtraction,
    MooreNim, NodeKayles, Result, Row, SquareButOne, Staircase, Tartan, WindUp, Wythoff,
};

/// Opens a game of the search engine: its parameter, then the game.
fn searched<G: Notation + Clone + Sync + 'static>(game: G) -> Result<Box<dyn Game>>
where
    G::Position: Send + Sync,
{
    Ok(Box::new(Searched::new(game)))
}

const HEAP: &str = "HEAP";

/// Opens a game of the search engine valued by the pruned search of one position.
fn pruned<G: Notation + Clone + Sync + 'static>(game: G) -> Result<Box<dyn Game>>
where
    G::Position: Send + Sync,
{
    Ok(Box::new(Pruned(Searched::new(game))))
}

/// Opens a game of the loopy engine.
fn loopy<G: Notation + Clone + 'static>(game: G) -> Result<Box<dyn Game>> {
    Ok(Box::new(Loopy::new(game)))
}

/// Opens a one-dimensional coin game, which takes no parameter.
fn row_game(name: &'static str, row: Row, parameter: Option<&str>) -> Result<Box<dyn Game>> {
    notation::no_parameter(name, parameter)?;
    searched(Coins(row))
}

/// Opens a partizan game, which takes no parameter.
fn partizan<G: PartizanNotation>(game: G, parameter: Option<&str>) -> Result<Box<dyn Partizan>>
where
    G::Position: Send + Sync + 'static,
{
    notation::no_parameter(game.name(), parameter)?;
    Ok(Box::new(Partizans::new(game)))
}

pub(super) const CATALOGUE: &[CatalogueEntry] = &[
    CatalogueEntry {
        name: "nim",
        syntax: "nim",
        component: HEAP,
        example: "nim 3 4 5",
        rule: "take any positive number of counters from one heap",
        opener: Opener::Heap(Ruleset::open_nim),
    },
    CatalogueEntry {
        name: "bash",
        syntax: "bash:M",
        component: HEAP,
        example: "bash:3 10",
        rule: "take 1 to M counters from one heap (M >= 1)",
        opener: Opener::Heap(Ruleset::open_bash),
    },
    CatalogueEntry {
        name: "subset-nim",
        syntax: "subset-nim:S",
        component: HEAP,
        example: "subset-nim:1,3,4 10",
        rule: "take exactly k counters from one heap, k in the comma-separated set S of positive numbers",
        opener: Opener::Heap(Ruleset::open_subset_nim),
    },
    CatalogueEntry {
        name: "split-nim",
        syntax: "split-nim",
        component: HEAP,
        example: "split-nim 2 3",
        rule: "replace one heap by two heaps each strictly smaller (either may be empty)",
        opener: Opener::Heap(Ruleset::open_split_nim),
    },
    CatalogueEntry {
        name: "octal",
        syntax: "octal:CODE",
        component: HEAP,
        example: "octal:0.07 10",
        rule: "octal take-and-break game: digit k says how a move taking k may leave 0, 1 or 2 heaps",
        opener: Opener::Heap(Ruleset::open_octal),
    },
    CatalogueEntry {
        name: "tb",
        syntax: "tb:CODE",
        component: HEAP,
        example: "tb:4!.0 10",
        rule: "general take-and-break code: hex digits, a digit in brackets repeats for ever, ! after a digit wants unequal heaps",
        opener: Opener::Heap(Ruleset::open_take_and_break),
    },
    CatalogueEntry {
        name: "subtraction",
        syntax: "subtraction:S",
        component: HEAP,
        example: "subtraction:1,3,4 10",
        rule: "take exactly k counters from one heap, k in the set S (the same game as subset-nim:S)",
        opener: Opener::Heap(Ruleset::open_subtraction),
    },
    CatalogueEntry {
        name: "allbut",
        syntax: "allbut:S",
        component: HEAP,
        example: "allbut:1,2 10",
        rule: "take any positive number of counters from one heap except the numbers in S",
        opener: Opener::Heap(Ruleset::open_all_but),
    },
    CatalogueEntry {
        name: "kayles",
        syntax: "kayles",
        component: HEAP,
        example: "kayles 10 12",
        rule: "Kayles, 0.77: knock down one pin or two adjacent pins from a row",
        opener: Opener::Heap(Ruleset::open_kayles),
    },
    CatalogueEntry {
        name: "dawson-kayles",
        syntax: "dawson-kayles",
        component: HEAP,
        example: "dawson-kayles 10",
        rule: "Dawson's Kayles, 0.07: knock down exactly two adjacent pins",
        opener: Opener::Heap(Ruleset::open_dawsons_kayles),
    },
    CatalogueEntry {
        name: "dawson-chess",
        syntax: "dawson-chess",
        component: HEAP,
        example: "dawson-chess 10",
        rule: "Dawson's chess, 0.137: take 1 if it is the whole heap, 2 from any heap, or 3 and split",
        opener: Opener::Heap(Ruleset::open_dawsons_chess),
    },
    CatalogueEntry {
        name: "grundy",
        syntax: "grundy",
        component: HEAP,
        example: "grundy 10",
        rule: "Grundy's game, 4!.0: split one heap into two non-empty heaps of different sizes",
        opener: Opener::Heap(Ruleset::open_grundys_game),
    },
    CatalogueEntry {
        name: "lasker",
        syntax: "lasker",
        component: HEAP,
        example: "lasker 10",
        rule: "Lasker's Nim: take any positive number from one heap, or split a heap into two non-empty heaps",
        opener: Opener::Heap(Ruleset::open_lasker),
    },
    CatalogueEntry {
        name: "wythoff",
        syntax: "wythoff",
        component: "A,B",
        example: "wythoff 3,5 1,2",
        rule: "Wythoff's game on two heaps A,B: take any number from one heap, or the same number from both",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("wythoff", parameter)?;
            searched(Wythoff)
        }),
    },
    CatalogueEntry {
        name: "staircase",
        syntax: "staircase",
        component: "C1,C2,...",
        example: "staircase 2,1,3",
        rule: "staircase Nim, Ci coins on stair i: move coins from one stair to the stair below (from stair 1 off)",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("staircase", parameter)?;
            searched(Staircase)
        }),
    },
    CatalogueEntry {
        name: "moore",
        syntax: "moore:K",
        component: "H1,H2,...",
        example: "moore:2 1,2,3",
        rule: "Moore's Nim_K on the heaps H1,H2,...: take from at least one and at most K heaps at once",
        opener: Opener::Other(|parameter| {
            let k = notation::required("moore", parameter, "write moore:K, e.g. moore:2")?;
            let k = notation::parse_number("moore", k)?;
            let k = usize::try_from(k).map_err(|_| Error::InvalidParameter {
                game: "moore",
                value: k.to_string(),
                reason: "K is too large".to_string(),
            })?;
            searched(MooreNim::new(k)?)
        }),
    },
    CatalogueEntry {
        name: "turning-turtles",
        syntax: "turning-turtles",
        component: "H1,H2,...",
        example: "turning-turtles 2,5,7",
        rule: "coins 1, 2, ...: turn one coin from heads to tails and optionally one coin to its left",
        opener: Opener::Other(|parameter| {
            row_game("turning-turtles", Row::TurningTurtles, parameter)
        }),
    },
    CatalogueEntry {
        name: "twins",
        syntax: "twins",
        component: "H1,H2,...",
        example: "twins 0,3,4",
        rule: "coins 0, 1, ...: turn exactly two coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("twins", Row::Twins, parameter)),
    },
    CatalogueEntry {
        name: "mock-turtles",
        syntax: "mock-turtles",
        component: "H1,H2,...",
        example: "mock-turtles 1,3,4",
        rule: "coins 0, 1, ...: turn one, two or three coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("mock-turtles", Row::MockTurtles, parameter)),
    },
    CatalogueEntry {
        name: "ruler",
        syntax: "ruler",
        component: "H1,H2,...",
        example: "ruler 3,6,8",
        rule: "coins 1, 2, ...: turn any run of consecutive coins, the rightmost from heads to tails",
        opener: Opener::Other(|parameter| row_game("ruler", Row::Ruler, parameter)),
    },
    CatalogueEntry {
        name: "coins",
        syntax: "coins:S",
        component: "H1,H2,...",
        example: "coins:1,2,3 4,7",
        rule: "coins 1, 2, ...: turn a head x to tails and the coin x - d for one d in S, if it exists",
        opener: Opener::Other(|parameter| {
            let distances =
                notation::required("coins", parameter, "write coins:S, e.g. coins:1,2,3")?;
            searched(Coins(format!("coins:{distances}").parse::<Row>()?))
        }),
    },
    CatalogueEntry {
        name: "turning-corners",
        syntax: "turning-corners",
        component: "X,Y:X,Y:...",
        example: "turning-corners 1,3:3,2:4,4",
        rule: "a board, coins (0,0) on: turn the four corners of a rectangle, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("turning-corners", parameter)?;
            searched(Tartan(Row::Twins, Row::Twins))
        }),
    },
    CatalogueEntry {
        name: "rugs",
        syntax: "rugs",
        component: "X,Y:X,Y:...",
        example: "rugs 1,1:4,1:8,1",
        rule: "a board, coins (1,1) on: turn every coin of a rectangle, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("rugs", parameter)?;
            searched(Tartan(Row::Ruler, Row::Ruler))
        }),
    },
    CatalogueEntry {
        name: "tartan",
        syntax: "tartan:ROW*ROW",
        component: "X,Y:X,Y:...",
        example: "tartan:mock-turtles*mock-turtles 3,4:1,2",
        rule: "the product of two rows (turning-turtles, twins, mock-turtles, ruler, coins:S): turn S x T for a move S of one and T of the other",
        opener: Opener::Other(|parameter| {
            let rows = notation::required(
                "tartan",
                parameter,
                "write tartan:ROW*ROW, e.g. tartan:mock-turtles*mock-turtles",
            )?;
            let Some((first, second)) = rows.split_once('*') else {
                return Err(Error::InvalidParameter {
                    game: "tartan",
                    value: rows.to_string(),
                    reason: "write the two rows separated by *, e.g. tartan:ruler*twins"
                        .to_string(),
                });
            };
            searched(Tartan(first.parse::<Row>()?, second.parse::<Row>()?))
        }),
    },
    CatalogueEntry {
        name: "acrostic-twins",
        syntax: "acrostic-twins",
        component: "X,Y:X,Y:...",
        example: "acrostic-twins 1,7:2,2",
        rule: "a board, coins (0,0) on: turn two coins in one row or one column, the south-east one from heads to tails",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("acrostic-twins", parameter)?;
            searched(AcrosticTwins)
        }),
    },
    CatalogueEntry {
        name: "cram",
        syntax: "cram",
        component: "RxC|ROWS",
        example: "cram 4x5 ..#/...",
        rule: "place a domino on two free adjacent cells, across or down; a board is RxC or rows of . (free) and # (filled) separated by /",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("cram", parameter)?;
            pruned(Cram)
        }),
    },
    CatalogueEntry {
        name: "chomp",
        syntax: "chomp",
        component: "RxC|R1,R2,...",
        example: "chomp 4x5 3,2",
        rule: "eat a square of a Young diagram and every square below and right of it; whoever must eat the poisoned corner square loses",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("chomp", parameter)?;
            searched(Chomp::default())
        }),
    },
    CatalogueEntry {
        name: "node-kayles",
        syntax: "node-kayles",
        component: "GRAPH",
        example: "node-kayles path:10 cycle:7",
        rule: "choose a vertex of a graph (path:N, cycle:N, grid:RxC, complete:N, star:N, file:PATH, N:a-b,...) and remove it with its neighbours",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("node-kayles", parameter)?;
            pruned(NodeKayles)
        }),
    },
    CatalogueEntry {
        name: "green-hackenbush",
        syntax: "green-hackenbush",
        component: "GRAPH[@GROUND]",
        example: "green-hackenbush 4:0-1,1-2,2-0,1-3 path:4",
        rule: "cut an edge of a picture standing on the ground (a graph written as for node-kayles, vertex 0 or the vertices after @ on the ground, loops and repeated edges allowed); what no longer reaches the ground falls away",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("green-hackenbush", parameter)?;
            searched(GreenHackenbush)
        }),
    },
    CatalogueEntry {
        name: "arc-kayles",
        syntax: "arc-kayles",
        component: "GRAPH",
        example: "arc-kayles grid:2x4",
        rule: "choose an edge of a graph (written as for node-kayles) and remove both its ends",
        opener: Opener::Other(|parameter| {
            notation::no_parameter("arc-kayles", parameter)?;
            pruned(ArcKayles)
        }),
    },
    CatalogueEntry {
        name: "windup",
        syntax: "windup:N:S",
        component: "HOUR",
        example: "windup:7:1,2,5 3",
        rule: "a clock of N hours: from any hour but 0, wind back s hours for some s in S (0 ends the game); has cycles",
        opener: Opener::Loopy(|parameter| {
            let text =
                notation::required("windup", parameter, "write windup:N:S, e.g. windup:7:1,2,5")?;
            let Some((hours, set)) = text.split_once(':') else {
                return Err(Error::InvalidParameter {
                    game: "windup",
                    value: text.to_string(),
                    reason: "write the hours, then : and the set, e.g. windup:7:1,2,5".to_string(),
                });
            };
            let hours = notation::parse_number("windup", hours)?;
            loopy(WindUp::new(hours, notation::parse_numbers("windup", set)?)?)
        }),
    },
    CatalogueEntry {
        name: "square-but-one",
        syntax: "square-but-one",
        component: HEAP,
        example: "square-but-one 7 5",
        rule: "take a positive square from one heap, or add one to a heap of positive even size; has cycles",
        opener: Opener::Loopy(|parameter| {
            notation::no_parameter("square-but-one", parameter)?;
            loopy(SquareButOne)
        }),
    },
    CatalogueEntry {
        name: "loopy-subtraction",
        syntax: "loopy-subtraction:S/MAX",
        component: HEAP,
        example: "loopy-subtraction:2,-1/20 7",
        rule: "take s counters for some s in S, a negative s adding -s, never past 0 or MAX; has cycles",
        opener: Opener::Loopy(|parameter| {
            let text = notation::required(
                "loopy-subtraction",
                parameter,
                "write loopy-subtraction:S/MAX, e.g. loopy-subtraction:2,-1/20",
            )?;
            loopy(LoopySubtraction::parse(text)?)
        }),
    },
    CatalogueEntry {
        name: "domineering",
        syntax: "domineering",
        component: "RxC|ROWS",
        example: "domineering 4x4",
        rule: "Left places a vertical domino on two free cells, Right a horizontal one (boards RxC, or rows of . free and # filled separated by /)",
        opener: Opener::Partizan(|parameter| partizan(Domineering, parameter)),
    },
    CatalogueEntry {
        name: "hackenbush",
        syntax: "hackenbush",
        component: "STALK|TREE|PICTURE",
        example: "hackenbush lrr el",
        rule: "cut an edge of your colour (l blue Left's, r red Right's, e green either's) and what no longer reaches the ground falls: stalks lrl, trees l(l;rl), pictures N:a-bC,...@GROUND",
        opener: Opener::Partizan(|parameter| partizan(Hackenbush, parameter)),
    },
    CatalogueEntry {
        name: "toads-and-frogs",
        syntax: "toads-and-frogs",
        component: "STRIP",
        example: "toads-and-frogs tt..ff",
        rule: "a toad (t, Left's) moves right into an empty cell (.) or jumps one frog; a frog (f, Right's) likewise to the left",
        opener: Opener::Partizan(|parameter| partizan(ToadsAndFrogs, parameter)),
    },
    CatalogueEntry {
        name: "clobber",
        syntax: "clobber",
        component: "ROWS",
        example: "clobber xox/ox.",
        rule: "move one of your stones (x Left's, o Right's) onto an orthogonally adjacent stone of the other's, removing it",
        opener: Opener::Partizan(|parameter| partizan(Clobber, parameter)),
    },
    CatalogueEntry {
        name: "konane",
        syntax: "konane",
        component: "ROWS",
        example: "konane xox./o...",
        rule: "a stone (x Left's, o Right's) jumps an adjacent stone of the other's into the empty cell beyond, removing it, and may jump on in the same direction",
        opener: Opener::Partizan(|parameter| partizan(Konane, parameter)),
    },
    CatalogueEntry {
        name: "cutcake",
        syntax: "cutcake",
        component: "RxC",
        example: "cutcake 3x5",
        rule: "Left cuts a cake of R rows and C columns along a vertical line, Right along a horizontal one",
        opener: Opener::Partizan(|parameter| partizan(Cutcake, parameter)),
    },
    CatalogueEntry {
        name: "col",
        syntax: "col",
        component: "GRAPH",
        example: "col path:5",
        rule: "colour a vertex of a graph (written as for node-kayles, at most 64 vertices), Left blue, Right red, never next to your own colour",
        opener: Opener::Partizan(|parameter| partizan(Col, parameter)),
    },
    CatalogueEntry {
        name: "snort",
        syntax: "snort",
        component: "GRAPH",
        example: "snort path:5",
        rule: "colour a vertex of a graph (written as for node-kayles, at most 64 vertices), Left blue, Right red, never next to the other's colour",
        opener: Opener::Partizan(|parameter| partizan(Snort, parameter)),
    },
    CatalogueEntry {
        name: "toppling-dominoes",
        syntax: "toppling-dominoes",
        component: "ROW",
        example: "toppling-dominoes lrrlrrl",
        rule: "topple one of your dominoes (l blue Left's, r red Right's, e green either's) left or right, and every domino on that side falls with it",
        opener: Opener::Partizan(|parameter| partizan(TopplingDominoes, parameter)),
    },
    CatalogueEntry {
        name: "amazons",
        syntax: "amazons",
        component: "ROWS",
        example: "amazons x.../o...",
        rule: "an amazon (x Left's, o Right's) moves like a chess queen over empty cells (.), then shoots an arrow from there like a queen, burning the cell it stops on (#)",
        opener: Opener::Partizan(|parameter| partizan(Amazons, parameter)),
    },
];
