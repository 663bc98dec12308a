//! Cram: dominoes placed on a board, in either direction.

use places::place_order;

use onag_core::{ImpartialGame, Nimber, Outcome};

use crate::Result;
use crate::notation::{Notation, component_error};

mod board;
mod cells;
mod places;
mod small;

pub use board::Board;
use board::MoreWords;

/// Cram: players take turns placing a domino on two free adjacent cells, across or down; the
/// player who cannot place one loses. Any board, rectangular or not, of up to 4096 cells; a position
/// splits into its regions of free cells, each kept in its least form under the eight
/// symmetries, and the regions a search meets are simplified where the game stays the same
/// (a second tuft of one cell, a cell whose neighbours all have tufts, the two dominoes across a
/// 2 × 2 block with closed corners; the rules and their proofs are in this module's source).
/// A board that is its own half-turn with no domino its own image is a P-position
/// (the second player answers every domino with its image; even-by-even rectangles), and one
/// with exactly one such domino an N-position (the first player takes it, then answers; an
/// even-by-odd rectangle): closed forms the search uses. Every board within 4 × 5 cells is
/// valued from a table of all 2^20 of them, made the first time it is needed (about 25 ms), so
/// the small regions a search meets cost a look-up in 1 MiB instead of the search's table.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Solver};
/// use onag_games::{Board, Cram};
///
/// let mut solver = Solver::new(Cram);
/// // Beling's table: the 4 x 5 board has nimber 2.
/// assert_eq!(solver.grundy(&Board::rectangle(4, 5)?)?, Nimber::new(2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cram;

impl ImpartialGame for Cram {
    type Position = Board;

    /// Dominoes nearest the middle of the board first: by four times the distance of a
    /// domino's centre from the board's in rows (less on wide boards) plus that in columns. A
    /// search that takes options in this order settles its questions with fewer of them (the
    /// figures are in this module's source).
    fn moves(&self, board: &Board) -> impl Iterator<Item = Board> {
        self.labelled_moves(board).map(|(_, next)| next)
    }

    fn move_count(&self, board: &Board) -> Option<u64> {
        Some(board.domino_count() as u64)
    }

    /// Boards of one size, of at most 128 cells and fewer than 64 rows and columns, are of one
    /// kind: a move is labelled by its domino's place in the order of [`Cram::moves`]. Making
    /// first the dominoes that last settled a question about a board of the same size, the
    /// search of 4 x 11 on one thread asks 3.7 million questions instead of 4.3 million.
    fn move_kind(&self, board: &Board) -> Option<usize> {
        (board.rows < 64 && board.columns < 64 && board.cells() <= 128)
            .then(|| usize::from(board.rows) * 64 + usize::from(board.columns))
    }

    fn labelled_moves(&self, board: &Board) -> impl Iterator<Item = (u64, Board)> {
        let order = place_order(board.rows as usize, board.columns as usize);
        let free = board.small_bits();
        (0..order.len()).filter_map(move |i| {
            let (a, b) = (usize::from(order[i].0), usize::from(order[i].1));
            let fits = match free {
                Some(free) => free >> a & free >> b & 1 == 1,
                None => board.get(a) && board.get(b),
            };
            fits.then(|| (i as u64, board.without(a, b)))
        })
    }

    fn labelled_move(&self, board: &Board, label: u64) -> Option<Board> {
        let order = place_order(board.rows as usize, board.columns as usize);
        let &(a, b) = order.get(usize::try_from(label).ok()?)?;
        let (a, b) = (usize::from(a), usize::from(b));
        (board.get(a) && board.get(b)).then(|| board.without(a, b))
    }

    /// The square of the number of free cells. Every option of a region has two cells fewer
    /// (before the simplifications take out more), so the search's order, the least sum of
    /// its parts' squares first, asks first the options that split a region most evenly or
    /// lose most cells to the simplifications, and otherwise keeps the order of the moves.
    /// Against the square of the places for a domino (the measure before), the search of
    /// 5 × 7 asked 145 thousand questions instead of 269 thousand, 5 × 8 867 instead of 927,
    /// and 4 × 11 on two threads took 13.5 s instead of 29 s; the cells themselves, not
    /// squared, did worse than either, and their cube or 2^cells no better than the square.
    fn difficulty(&self, board: &Board) -> u64 {
        let cells = u64::from(board.free_cells());
        cells * cells
    }

    /// The regions, simplified: a search of the parts never meets the cells that change
    /// nothing.
    fn components(&self, board: Board) -> impl Iterator<Item = Board> {
        board
            .regions(true)
            .into_iter()
            .filter(|region| region.free_cells() >= 2)
    }

    fn join(&self, components: Vec<Board>) -> Option<Board> {
        Some(Board::stacked(&components))
    }

    /// The regions in least form, stacked in order, unsimplified: a board a player sees (after
    /// `onag play`'s moves) keeps every free cell that has a free neighbour (a lone cell, where
    /// no domino fits, is dropped as before).
    fn canonical(&self, board: Board) -> Board {
        if board.least && board.free_cells() >= 2 {
            // One region, already in its least form (a component the search split off).
            return board;
        }
        let mut regions: Vec<Board> = board
            .regions(false)
            .into_iter()
            .filter(|region| region.free_cells() >= 2)
            .collect();
        if regions.len() == 1 {
            // One region is its own least form: nothing to stack.
            return regions.pop().expect("one region");
        }
        regions.sort();
        Board::stacked(&regions)
    }

    /// Every board within 4 × 5 cells from a table of all 2^20 of them, made once a process;
    /// free cells that make a path or a cycle of more than 24 cells by Dawson's Kayles (octal
    /// 0.07, periodic: 1 × 4000 is one look-up); and a board that is its own half-turn with no
    /// domino its own image: 0.
    fn known_grundy(&self, board: &Board) -> Option<Nimber> {
        board
            .tabled_nimber()
            .or_else(|| board.line()?.arc_kayles().map(Nimber::new))
            .or_else(|| (board.half_turn() == Some(0)).then_some(Nimber::ZERO))
    }

    fn known_outcome(&self, board: &Board) -> Option<Outcome> {
        if let Some(value) = self.known_grundy(board) {
            return Some(if value.is_zero() {
                Outcome::Previous
            } else {
                Outcome::Next
            });
        }
        match board.half_turn() {
            Some(0) => Some(Outcome::Previous),
            Some(1) => Some(Outcome::Next),
            _ => None,
        }
    }

    /// A board whose regions are all paths of at most 29 cells, in misère play: Cram there is
    /// Arc Kayles on the path, a heap of Dawson's chess of one cell fewer, and sums of those
    /// heaps are answered by its misère quotient (Plambeck & Siegel 2008), made once a process.
    fn known_misere_outcome(&self, board: &Board) -> Option<Outcome> {
        self.known_misere_outcome_of_sum(std::slice::from_ref(board))
    }

    /// Boards side by side whose regions are all paths of at most 29 cells, as above.
    fn known_misere_outcome_of_sum(&self, boards: &[Board]) -> Option<Outcome> {
        crate::graphs::lines::misere_paths(boards, Board::path_lengths, 1)
    }

    /// The words of a board of more than 128 cells, behind their pointer.
    fn position_bytes(&self, board: &Board) -> usize {
        board.more.as_ref().map_or(0, |more| {
            onag_core::heap_bytes::<MoreWords>(1) + onag_core::heap_bytes::<u64>(more.0.capacity())
        })
    }
}

fn write_board(board: &Board) -> String {
    if board.free_cells() as usize == board.cells() && board.cells() > 0 {
        return format!("{}x{}", board.rows, board.columns);
    }
    if board.cells() == 0 {
        return "0x0".to_string();
    }
    (0..board.rows as usize)
        .map(|r| {
            (0..board.columns as usize)
                .map(|c| {
                    if board.get(r * board.columns as usize + c) {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

impl Notation for Cram {
    fn name(&self) -> String {
        "cram".to_string()
    }

    /// `RxC` for an empty rectangle, or rows such as `..#./....`.
    fn read_component(&self, text: &str) -> Result<Board> {
        if let Some((rows, columns)) = text.split_once('x') {
            let (Ok(rows), Ok(columns)) =
                (rows.trim().parse::<u32>(), columns.trim().parse::<u32>())
            else {
                return Err(component_error(
                    "cram",
                    text,
                    "write RxC, such as 5x8, or rows such as ..#./....",
                ));
            };
            return Board::rectangle(rows, columns);
        }
        Board::parse(text.trim())
    }

    fn write_component(&self, board: &Board) -> String {
        write_board(board)
    }

    /// The board as played: its least form would turn, crop and split it, so that a domino's
    /// description and the board shown after it would name different cells.
    fn shown(&self, board: Board) -> Board {
        board
    }

    /// 2^(cells / 2) options: a measure of the searches of boards that were finished, not a
    /// proven bound. 40 cells (5 x 8) take about 10^6 options and 49 (7 x 7) spend 10^8 without
    /// an answer; past about 73 cells the default budget (10^11 options, hours) cannot finish,
    /// and a board the half-turn wins (even by odd: the central domino, then the mirror) gets its
    /// outcome and that winning move at once instead of a search for its nimber.
    fn search_size(&self, board: &Board) -> Option<u64> {
        let cells = u64::from(board.free_cells());
        Some(1u64 << (cells / 2).min(63))
    }

    /// A domino by its cells as moves are described, `r2c3-r3c3` (rows and columns from 1),
    /// with or without the words `domino on` before them.
    fn read_move(&self, from: &Board, text: &str) -> Option<Result<Board>> {
        let cells = text.strip_prefix("domino on ").unwrap_or(text).trim();
        let cell = |word: &str| -> Option<(u64, u64)> {
            let (row, column) = word.strip_prefix('r')?.split_once('c')?;
            Some((row.parse().ok()?, column.parse().ok()?))
        };
        let (first, second) = cells.split_once('-')?;
        let (a, b) = (cell(first)?, cell(second)?);
        let bad = |reason: &str| Some(Err(component_error("cram", text, reason)));
        let (rows, columns) = (u64::from(from.rows), u64::from(from.columns));
        let inside = |(r, c): (u64, u64)| (1..=rows).contains(&r) && (1..=columns).contains(&c);
        if !inside(a) || !inside(b) {
            return bad(&format!(
                "a cell is rRcC with R from 1 to {rows} and C from 1 to {columns}"
            ));
        }
        if a.0.abs_diff(b.0) + a.1.abs_diff(b.1) != 1 {
            return bad("a domino covers two cells side by side or one above the other");
        }
        let index = |(r, c): (u64, u64)| ((r - 1) * columns + c - 1) as usize;
        if !from.get(index(a)) || !from.get(index(b)) {
            return bad("a domino covers two free cells");
        }
        let mut after = from.clone();
        after.set(index(a), false);
        after.set(index(b), false);
        Some(Ok(after))
    }

    fn describe_move(&self, from: &Board, to: &Board) -> String {
        if from.rows == to.rows && from.columns == to.columns {
            let cells: Vec<String> = (0..from.cells())
                .filter(|&cell| from.get(cell) && !to.get(cell))
                .map(|cell| {
                    let columns = from.columns as usize;
                    format!("r{}c{}", cell / columns + 1, cell % columns + 1)
                })
                .collect();
            return format!("domino on {}", cells.join("-"));
        }
        "place a domino".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards of every shape up to 128 cells with made-up free cells (a linear congruential
    /// sequence, so the test needs no random source).
    fn boards() -> impl Iterator<Item = Board> {
        let shapes = [
            (1, 1),
            (1, 7),
            (3, 3),
            (4, 7),
            (5, 8),
            (2, 64),
            (64, 2),
            (8, 16),
            (11, 11),
        ];
        shapes.into_iter().flat_map(|(rows, columns)| {
            (0..40u64).map(move |seed| {
                let mut board = Board::blank(rows, columns);
                let mut x = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let density = 3 + seed % 5;
                for cell in 0..board.cells() {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    board.set(cell, (x >> 33) % 8 < density);
                }
                board
            })
        })
    }

    #[test]
    fn regions_by_bit_operations_are_those_found_cell_by_cell() {
        let mut compared = 0;
        for board in boards() {
            assert_eq!(
                board.small_parts(false).expect("a small board"),
                board.regions_cell_by_cell(),
                "{}",
                write_board(&board)
            );
            compared += 1;
        }
        assert_eq!(compared, 9 * 40);
    }

    #[test]
    fn a_region_known_to_be_least_is_its_own_canonical_form() {
        for board in boards() {
            for region in board.regions(true) {
                assert!(region.least);
                let mut unknown = region.clone();
                unknown.least = false;
                assert_eq!(Cram.canonical(region.clone()), Cram.canonical(unknown));
                // Any change of a cell forgets it.
                let mut changed = region;
                changed.set(0, changed.get(0));
                assert!(!changed.least);
            }
        }
    }

    #[test]
    fn dominoes_are_counted_as_the_moves_are_made() {
        let large =
            Board::parse(&[".".repeat(70), "..#".repeat(23) + ".", ".".repeat(70)].join("/"))
                .expect("a board");
        for board in boards().chain([large]) {
            assert_eq!(
                board.domino_count(),
                Cram.moves(&board).count(),
                "{}",
                write_board(&board)
            );
        }
    }

    #[test]
    fn the_half_turn_by_reversed_bits_is_the_board_turned() {
        let mut symmetric = 0;
        for board in boards().chain((1..=11).map(|n| Board::blank(n, 11 - n / 2))) {
            let turned = board.transformed(3) == board;
            assert_eq!(
                board.half_turn().is_some(),
                turned && {
                    let cells = board.cells();
                    !(cells % 2 == 1 && board.get(cells / 2))
                }
            );
            symmetric += usize::from(turned);
        }
        assert!(symmetric > 10);
    }

    #[test]
    fn boards_past_the_bit_operations_are_split_cell_by_cell() {
        assert!(Board::blank(12, 11).small_parts(true).is_none());
        assert!(Board::blank(1, 65).small_parts(true).is_none());
        let board = Board::parse(&[".".repeat(70), "#".repeat(70), ".".repeat(70)].join("/"))
            .expect("a board");
        let regions = board.regions(true);
        assert_eq!(regions.len(), 2);
        assert!(regions.iter().all(|region| region.free_cells() == 70));
    }

    /// A brute force of Cram written apart from the game: cells of a board of at most 64 as
    /// bits, every domino tried, values remembered by the set of free cells.
    struct Brute {
        columns: u32,
        cells: u32,
        grundy: std::collections::HashMap<u64, u64>,
        misere_win: std::collections::HashMap<u64, bool>,
    }

    impl Brute {
        fn new(board: &Board) -> Brute {
            Brute {
                columns: board.columns(),
                cells: board.rows() * board.columns(),
                grundy: std::collections::HashMap::new(),
                misere_win: std::collections::HashMap::new(),
            }
        }

        fn options(&self, free: u64) -> Vec<u64> {
            let mut options = Vec::new();
            for cell in 0..self.cells {
                if free >> cell & 1 == 0 {
                    continue;
                }
                if cell % self.columns + 1 < self.columns && free >> (cell + 1) & 1 == 1 {
                    options.push(free & !(1 << cell) & !(1 << (cell + 1)));
                }
                if cell + self.columns < self.cells && free >> (cell + self.columns) & 1 == 1 {
                    options.push(free & !(1 << cell) & !(1 << (cell + self.columns)));
                }
            }
            options
        }

        fn grundy(&mut self, free: u64) -> u64 {
            if let Some(&value) = self.grundy.get(&free) {
                return value;
            }
            let values: Vec<u64> = self
                .options(free)
                .into_iter()
                .map(|option| self.grundy(option))
                .collect();
            let value = (0..).find(|v| !values.contains(v)).expect("a mex");
            self.grundy.insert(free, value);
            value
        }

        /// Whether the player to move wins when the last to move loses.
        fn misere_win(&mut self, free: u64) -> bool {
            if let Some(&win) = self.misere_win.get(&free) {
                return win;
            }
            let options = self.options(free);
            let win = options.is_empty() || options.into_iter().any(|o| !self.misere_win(o));
            self.misere_win.insert(free, win);
            win
        }
    }

    fn bits(board: &Board) -> u64 {
        board.small[0]
    }

    /// Boards of up to 24 cells, shaped so that tufts, bridges and 2 x 2 blocks with closed
    /// corners are common.
    fn small_boards() -> impl Iterator<Item = Board> {
        let shapes = [(3, 5), (4, 4), (4, 6), (5, 4), (3, 8), (2, 9), (6, 4)];
        shapes.into_iter().flat_map(|(rows, columns)| {
            (0..120u64).map(move |seed| {
                let mut board = Board::blank(rows, columns);
                let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x2545_F491_4F6C_DD1D;
                let density = 5 + seed % 4;
                for cell in 0..board.cells() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    board.set(cell, x % 10 < density);
                }
                board
            })
        })
    }

    #[test]
    fn the_table_of_small_boards_is_the_brute_force() {
        // One board in eleven of the full 4 x 5 box, one brute force sharing
        // what it learns, and random boards of every smaller shape (indexed row by row into
        // the box); a board past the box is not tabled.
        let full = Board::blank(4, 5);
        let mut brute = Brute::new(&full);
        for free in (0..1u64 << 20).step_by(11) {
            let mut board = full.clone();
            board.small[0] = free;
            let expected = brute.grundy(free);
            assert_eq!(
                board.tabled_nimber(),
                Some(Nimber::new(expected)),
                "{free:#x}"
            );
        }
        let mut x = 0x2545_F491_4F6C_DD1D_u64;
        for rows in 1..=4 {
            for columns in 1..=5 {
                let mut board = Board::blank(rows, columns);
                let mut brute = Brute::new(&board);
                for _ in 0..200 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let free = x & ((1 << (rows * columns)) - 1);
                    board.small[0] = free;
                    assert_eq!(
                        board.tabled_nimber(),
                        Some(Nimber::new(brute.grundy(free))),
                        "{}",
                        write_board(&board)
                    );
                }
            }
        }
        assert_eq!(Board::blank(5, 4).tabled_nimber(), None);
        assert_eq!(Board::blank(3, 6).tabled_nimber(), None);
    }

    #[test]
    fn simplified_regions_are_the_same_game_in_normal_and_misere_play() {
        let (mut smaller, mut split_more, mut compared) = (0, 0, 0);
        for board in small_boards() {
            let regions: Vec<Board> = Cram.components(board.clone()).collect();
            let plain = board.small_parts(false).expect("a small board");
            let plain_cells: u32 = plain.iter().map(Board::free_cells).sum();
            let cells: u32 = regions.iter().map(Board::free_cells).sum();
            smaller += usize::from(cells < plain_cells);
            split_more += usize::from(regions.len() > plain.len());
            let mut whole = Brute::new(&board);
            let value = whole.grundy(bits(&board));
            let parts: u64 = regions
                .iter()
                .map(|region| Brute::new(region).grundy(bits(region)))
                .fold(0, |total, value| total ^ value);
            assert_eq!(parts, value, "{}", write_board(&board));
            // The regions side by side on one board: the same misère outcome too.
            let joined = Board::stacked(&regions);
            if joined.cells() <= 64 {
                let mut brute = Brute::new(&joined);
                assert_eq!(
                    brute.misere_win(bits(&joined)),
                    whole.misere_win(bits(&board)),
                    "{}",
                    write_board(&board)
                );
                assert_eq!(brute.grundy(bits(&joined)), value);
            }
            compared += 1;
        }
        assert_eq!(compared, 7 * 120);
        // Every rule was met many times.
        assert!(smaller > 100, "{smaller} boards lost cells");
        assert!(split_more > 20, "{split_more} boards split further");
    }

    /// Snakes in a 6 x 6 box: random walks that never touch a cell of their own but the one
    /// they came from, one or two to a board, beside the random boards of `small_boards`.
    fn snakes() -> impl Iterator<Item = Board> {
        (0..400u64).map(|seed| {
            let mut board = Board::blank(6, 6);
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut random = move |n: u64| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % n
            };
            for _ in 0..1 + random(2) {
                let mut at = random(36) as usize;
                if board.get(at) || board.neighbours(at).next().is_some() {
                    continue;
                }
                board.set(at, true);
                for _ in 0..random(16) {
                    let (r, c) = (at / 6, at % 6);
                    let steps = [
                        (r > 0).then(|| at - 6),
                        (r < 5).then(|| at + 6),
                        (c > 0).then(|| at - 1),
                        (c < 5).then(|| at + 1),
                    ];
                    let free: Vec<usize> = steps
                        .into_iter()
                        .flatten()
                        .filter(|&next| !board.get(next) && board.neighbours(next).count() == 1)
                        .collect();
                    if free.is_empty() {
                        break;
                    }
                    at = free[random(free.len() as u64) as usize];
                    board.set(at, true);
                }
            }
            board
        })
    }

    #[test]
    fn boards_of_paths_take_their_misere_outcome_from_dawsons_chess() {
        // Against the brute force of misère Cram on the board; and a board is answered exactly
        // when its free cells make paths (degrees and edges counted cell by cell here).
        let (mut answered, mut refused) = (0, 0);
        for board in snakes().chain(small_boards()) {
            let free: Vec<usize> = (0..board.cells()).filter(|&cell| board.get(cell)).collect();
            let degree = |cell: usize| board.neighbours(cell).count();
            let edges: usize = free.iter().map(|&cell| degree(cell)).sum::<usize>() / 2;
            let regions = board.regions_cell_by_cell().len();
            let paths = free.iter().all(|&cell| degree(cell) <= 2) && edges + regions == free.len();
            let longest = board
                .regions_cell_by_cell()
                .iter()
                .map(|region| region.free_cells())
                .max()
                .unwrap_or(0);
            let outcome = Cram.known_misere_outcome(&board);
            if !paths || longest > 29 {
                assert_eq!(outcome, None, "{}", write_board(&board));
                refused += 1;
                continue;
            }
            let wins = Brute::new(&board).misere_win(bits(&board));
            let expected = if wins {
                Outcome::Next
            } else {
                Outcome::Previous
            };
            assert_eq!(outcome, Some(expected), "{}", write_board(&board));
            answered += 1;
        }
        assert!(
            answered > 300 && refused > 300,
            "{answered} answered, {refused} refused"
        );
    }

    #[test]
    fn each_simplification_keeps_the_value_of_a_board_built_for_it() {
        // A cell with four tufts: three go (a plus sign of five cells is one domino, *1:
        // every move covers the middle and an arm).
        let plus = Board::parse("#.#/.../#.#").expect("a board");
        let regions: Vec<Board> = Cram.components(plus).collect();
        assert_eq!(regions.len(), 1);
        assert_eq!(regions[0].free_cells(), 2);
        // A bridge: the middle of a 1 x 5 bar whose ends are tufts of their neighbours.
        let bar = Board::parse(".....").expect("a board");
        let regions: Vec<Board> = Cram.components(bar).collect();
        assert_eq!(regions.iter().map(Board::free_cells).sum::<u32>(), 4);
        assert_eq!(regions.len(), 2);
        // Two 2 x 2 blocks with closed corners, joined by their other corners: the dominoes
        // across each block are redundant, and the board splits.
        let board = Board::parse("..##/..../##..").expect("a board");
        let mut brute = Brute::new(&board);
        let value = brute.grundy(bits(&board));
        let regions: Vec<Board> = Cram.components(board).collect();
        assert!(regions.len() >= 2, "{regions:?}");
        let parts = regions
            .iter()
            .map(|region| Brute::new(region).grundy(bits(region)))
            .fold(0, |total, v| total ^ v);
        assert_eq!(parts, value);
    }
}
