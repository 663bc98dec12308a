//! Chomp on a Young diagram, the poisoned square at the corner.

use std::sync::{Arc, Mutex, PoisonError};

use onag_core::{ImpartialGame, Nimber, Outcome};

use crate::Result;
use crate::notation::{Notation, component_error};

/// Chomp (Gale 1974): a position is a Young diagram, rows of non-increasing lengths, written
/// from the row that holds the poisoned square (row 1, column 1). A move chooses a square and
/// eats it with every square below and to the right of it. *Convention*: whoever must eat the
/// poisoned square loses; here that square is never eaten, so the diagram of the poisoned square
/// alone is the terminal position and normal play decides, the usual equivalent form.
///
/// Closed forms, used as hooks and checked against the search: every rectangle but the single
/// square is an N-position (the strategy-stealing argument); a single row or column of n squares
/// is a P-position only for n = 1; two rows (a, b) are a P-position exactly when a = b + 1; and an
/// L with arms of equal length (a row of n and a column of n) is a P-position (the reply that
/// mirrors the opponent across the diagonal).
///
/// Nimbers come from a [`ChompTable`] of every diagram inside the position's bounding rectangle,
/// made the first time a position outside the tables kept is valued (when it holds at most
/// [`ChompTable::MOST_DIAGRAMS`] diagrams; larger positions, and every position inside them, are
/// searched). The last [`TABLES_KEPT`] tables are kept, shared by the clones of this value, so
/// that the winning moves of a sum of diagrams never make a table twice.
///
/// # Examples
///
/// ```
/// use onag_core::{Nimber, Outcome, Solver};
/// use onag_games::Chomp;
///
/// let mut solver = Solver::new(Chomp::default());
/// assert_eq!(solver.outcome(&vec![4, 3])?, Outcome::Previous);
/// assert_eq!(solver.outcome(&vec![3, 3, 3])?, Outcome::Next);
/// assert_eq!(solver.grundy(&vec![10; 10])?, Nimber::new(19));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Default)]
pub struct Chomp {
    tables: Arc<Mutex<Tables>>,
    /// Hears how far a table is made: diagrams valued, of how many.
    progress: Option<TableProgress>,
    /// The most diagrams a table may hold: [`ChompTable::MOST_DIAGRAMS`] unless set by
    /// [`Chomp::within_memory`].
    most_diagrams: Option<u64>,
    /// The most options a table may examine (the budget's), if bounded.
    most_options: Option<u64>,
}

/// Where a [`Chomp`] reports the making of a table: diagrams valued so far, and in all.
pub type TableProgress = Arc<Mutex<dyn FnMut(u64, u64) + Send>>;

impl std::fmt::Debug for Chomp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Chomp")
            .field("tables", &self.tables)
            .field("reports_progress", &self.progress.is_some())
            .field("most_diagrams", &self.most_diagrams)
            .field("most_options", &self.most_options)
            .finish()
    }
}

/// The tables a [`Chomp`] keeps, and the rectangles too large for one: the positions inside
/// those are searched without a table of their own (a table for each would be made and
/// dropped again and again).
#[derive(Debug, Default)]
struct Tables {
    kept: Vec<Arc<ChompTable>>,
    refused: Vec<(usize, u32)>,
}

/// The most tables a [`Chomp`] keeps: four of at most 2^22 diagrams (32 MiB), or one larger
/// (64 MiB at most by default; a quarter of the memory given by [`Chomp::within_memory`]).
pub const TABLES_KEPT: usize = 4;

/// Diagrams valued between two reports of a table's making (a twentieth of a second or so),
/// each a look at the stop too.
const REPORT_EVERY: usize = 1 << 17;

/// The nimbers of every Young diagram inside a rectangle of `rows` × `columns`, computed in
/// one pass from the smallest diagram up.
///
/// A diagram is its row lengths `a₀ ≥ a₁ ≥ ... ≥ a_{R-1}` (zeros for eaten rows), and diagrams
/// are numbered in the lexicographic order of these, in which every bite lands on a smaller
/// number: the number of a diagram is `Σ T[i][aᵢ]`, `T[i][x]` counting the diagrams that agree
/// on the rows before i and have fewer than x squares in row i. A bite at (r, c) leaves the rows
/// before r, cuts rows r, r+1, ... to c while they are longer, and leaves the others: its number
/// is three sums read from tables, so every option costs a few additions.
#[derive(Debug)]
pub struct ChompTable {
    rows: usize,
    columns: u32,
    /// `t[i * (columns + 1) + x]`.
    t: Vec<u64>,
    nimbers: Vec<u16>,
}

impl ChompTable {
    /// The most diagrams a table holds unless a memory budget says otherwise (two bytes each,
    /// 64 MiB; made at about two million a second, with progress): 12 × 12 has 2,704,156,
    /// 13 × 13 10,400,600 and 13 × 14 20,058,300. Larger positions are searched.
    pub const MOST_DIAGRAMS: u64 = 1 << 25;

    /// The number of diagrams inside `rows` × `columns` (the empty one included): the binomial
    /// coefficient C(rows + columns, rows), or `None` when it is too large to count in a `u64`
    /// (far past any table).
    pub fn diagrams(rows: usize, columns: u32) -> Option<u64> {
        let (n, k) = (rows as u64 + u64::from(columns), rows as u64);
        let k = k.min(n - k);
        let mut count: u64 = 1;
        for i in 0..k {
            // count * (n - i) / (i + 1) is a whole number at every step.
            count = count.checked_mul(n - i)? / (i + 1);
        }
        Some(count)
    }

    /// The table for `rows` × `columns`, or `None` when it would hold more than
    /// [`MOST_DIAGRAMS`](Self::MOST_DIAGRAMS) diagrams or a nimber could pass 2^16 - 1.
    pub fn new(rows: usize, columns: u32) -> Option<ChompTable> {
        ChompTable::new_reporting(rows, columns, Self::MOST_DIAGRAMS, &mut |_, _| {})
    }

    /// [`new`](Self::new) with room for at most `most` diagrams instead of
    /// [`MOST_DIAGRAMS`](Self::MOST_DIAGRAMS), telling `progress` how many diagrams are valued,
    /// of how many, as the table is made; `None` too when a [`Stop`](onag_core::Stop) in force
    /// is requested meanwhile.
    pub fn new_reporting(
        rows: usize,
        columns: u32,
        most: u64,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Option<ChompTable> {
        let count = Self::diagrams(rows, columns).filter(|&n| n <= most)?;
        // A nimber is at most the number of moves, fewer than rows × columns.
        if rows as u64 * u64::from(columns) >= u64::from(u16::MAX) {
            return None;
        }
        let width = columns as usize + 1;
        // t[i][x] = Σ_{u < x} (diagrams of the rows after i with lengths at most u).
        let mut t = vec![0u64; rows * width];
        for i in 0..rows {
            let after = rows - i - 1;
            let mut sum = 0;
            for x in 0..width {
                t[i * width + x] = sum;
                sum += Self::diagrams(after, x as u32).unwrap_or(u64::MAX);
            }
        }
        // q[i][c] = Σ_{j < i} t[j][c].
        let mut q = vec![0u64; (rows + 1) * width];
        for i in 0..rows {
            for c in 0..width {
                q[(i + 1) * width + c] = q[i * width + c] + t[i * width + c];
            }
        }
        let mut nimbers = vec![0u16; count as usize];
        let mut seen = vec![0u32; rows * columns as usize + 2];
        let mut a = vec![0u32; rows];
        let (mut prefix, mut suffix) = (vec![0u64; rows + 1], vec![0u64; rows + 1]);
        for number in 0..count as usize {
            if number % REPORT_EVERY == 0 {
                if number > 0 {
                    progress(number as u64, count);
                }
                // A stop (Ctrl-C, a deadline) ends the table here; the caller tells it from
                // a table too large by the stop.
                if onag_core::check_stop().is_err() {
                    return None;
                }
            }
            let stamp = number as u32 + 1;
            for i in 0..rows {
                prefix[i + 1] = prefix[i] + t[i * width + a[i] as usize];
            }
            for i in (0..rows).rev() {
                suffix[i] = suffix[i + 1] + t[i * width + a[i] as usize];
            }
            for r in 0..rows {
                if a[r] == 0 {
                    break;
                }
                // k: the first row from r on no longer than c (rows r..k are cut to c).
                let mut k = r + 1;
                let first = u32::from(r == 0);
                for c in (first..a[r]).rev() {
                    while k < rows && a[k] > c {
                        k += 1;
                    }
                    let c = c as usize;
                    let option = prefix[r] + q[k * width + c] - q[r * width + c] + suffix[k];
                    seen[nimbers[option as usize] as usize] = stamp;
                }
            }
            let mut mex = 0;
            while seen[mex] == stamp {
                mex += 1;
            }
            nimbers[number] = mex as u16;
            // The next diagram in lexicographic order: the last row that may grow grows by
            // one, the rows after it empty.
            if let Some(i) = (0..rows)
                .rev()
                .find(|&i| a[i] < if i == 0 { columns } else { a[i - 1] })
            {
                a[i] += 1;
                for later in &mut a[i + 1..] {
                    *later = 0;
                }
            }
        }
        Some(ChompTable {
            rows,
            columns,
            t,
            nimbers,
        })
    }

    /// The nimber of the diagram `lengths` (rows from the poisoned one), when it lies inside
    /// the table's rectangle.
    pub fn nimber(&self, lengths: &[u32]) -> Option<Nimber> {
        if lengths.len() > self.rows || lengths.iter().any(|&l| l > self.columns) {
            return None;
        }
        let width = self.columns as usize + 1;
        let number: u64 = (0..self.rows)
            .map(|i| self.t[i * width + lengths.get(i).copied().unwrap_or(0) as usize])
            .sum();
        let value = self.nimbers.get(usize::try_from(number).ok()?)?;
        Some(Nimber::new(u64::from(*value)))
    }
}

impl Chomp {
    /// The most diagrams of a table kept beside others (see [`TABLES_KEPT`]).
    const SMALL_TABLE: u64 = 1 << 22;

    /// The same game, telling `progress` how many diagrams are valued, of how many, whenever
    /// it makes a table (a table of 13 × 13 takes seconds).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// use onag_core::{ImpartialGame, Nimber};
    /// use onag_games::Chomp;
    ///
    /// let heard = Arc::new(Mutex::new(Vec::new()));
    /// let sink = Arc::clone(&heard);
    /// let chomp = Chomp::default().with_progress(Arc::new(Mutex::new(move |done, all| {
    ///     sink.lock().unwrap().push((done, all));
    /// })));
    /// // Two rows (a, b) are a P-position exactly when a = b + 1.
    /// assert_eq!(chomp.known_grundy(&vec![9, 8]), Some(Nimber::ZERO));
    /// // 55 diagrams inside 2 x 9: too few to report.
    /// assert!(heard.lock().unwrap().is_empty());
    /// ```
    pub fn with_progress(mut self, progress: TableProgress) -> Chomp {
        self.progress = Some(progress);
        self
    }

    /// The same game, its tables sized within `bytes` of memory: a table may take a quarter
    /// of them (two bytes a diagram), the rest left to the search of larger positions.
    ///
    /// # Examples
    ///
    /// ```
    /// use onag_core::ImpartialGame;
    /// use onag_games::Chomp;
    ///
    /// // 8 x 8 holds C(16, 8) = 12,870 diagrams: 25,740 bytes, more than a quarter of 64 KiB.
    /// let small = Chomp::default().within_memory(64 << 10);
    /// assert_eq!(small.known_grundy(&vec![8; 8]), None);
    /// assert!(Chomp::default().within_memory(1 << 20).known_grundy(&vec![8; 8]).is_some());
    /// ```
    pub fn within_memory(mut self, bytes: u64) -> Chomp {
        self.most_diagrams = Some(bytes / 4 / 2);
        self
    }

    /// The same game, making no table that would examine more than `options` options in all
    /// (a budget's; larger positions are searched within it).
    pub fn within_options(mut self, options: u64) -> Chomp {
        self.most_options = Some(options);
        self
    }

    /// The nimber of `rows` from the table, made for its bounding rectangle when the last one
    /// does not hold it.
    fn tabled(&self, rows: &[u32]) -> Option<Nimber> {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = tables.kept.iter().find_map(|table| table.nimber(rows)) {
            return Some(found);
        }
        // Once stopped, no table is begun: each would be given up at once, after allocating
        // its room, for every position the search still looks at before it sees the stop.
        if onag_core::check_stop().is_err() {
            return None;
        }
        let (height, width) = (rows.len(), rows.first().copied().unwrap_or(0));
        let inside = |&(h, w): &(usize, u32)| height <= h && width <= w;
        if tables.refused.iter().any(inside) {
            return None;
        }
        // Each diagram is valued from its options, one per square but the poisoned one: half
        // the rectangle's on average (a diagram and the rest of the rectangle, turned, pair off).
        let options_each = (height as u64 * u64::from(width) / 2).max(1);
        let most = self.most_diagrams.unwrap_or(ChompTable::MOST_DIAGRAMS).min(
            self.most_options
                .map_or(u64::MAX, |most| most / options_each),
        );
        let made = match &self.progress {
            Some(progress) => {
                let mut report = progress.lock().unwrap_or_else(PoisonError::into_inner);
                ChompTable::new_reporting(height, width, most, &mut *report)
            }
            None => ChompTable::new_reporting(height, width, most, &mut |_, _| {}),
        };
        let Some(made) = made else {
            // Stopped while making it: not refused, only not made this time (the search that
            // asked for it sees the same stop at once).
            if onag_core::check_stop().is_err() {
                return None;
            }
            if tables.refused.len() == TABLES_KEPT {
                tables.refused.remove(0);
            }
            tables.refused.push((height, width));
            return None;
        };
        let found = made.nimber(rows);
        // A large table is kept alone, so that the tables kept stay within the larger of 32 MiB
        // and one table's room.
        let large = |table: &ChompTable| table.nimbers.len() as u64 > Self::SMALL_TABLE;
        if large(&made) || tables.kept.iter().any(|table| large(table)) {
            tables.kept.clear();
        }
        if tables.kept.len() == TABLES_KEPT {
            tables.kept.remove(0);
        }
        tables.kept.push(Arc::new(made));
        found
    }
}

/// The most squares a diagram may have: a search lists a position's moves, one a square, each a
/// copy of the rows.
const MOST_SQUARES: u64 = 1 << 16;

impl ImpartialGame for Chomp {
    type Position = Vec<u32>;

    fn moves(&self, rows: &Vec<u32>) -> impl Iterator<Item = Vec<u32>> {
        rows.iter().enumerate().flat_map(move |(r, &length)| {
            let first = if r == 0 { 1 } else { 0 };
            (first..length).map(move |c| {
                let mut next: Vec<u32> = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                    .collect();
                while next.last() == Some(&0) {
                    next.pop();
                }
                next
            })
        })
    }

    /// Every square but the poisoned one is a move.
    fn move_count(&self, rows: &Vec<u32>) -> Option<u64> {
        let squares = rows.iter().map(|&length| u64::from(length)).sum::<u64>();
        Some(squares - u64::from(rows.first().is_some_and(|&first| first > 0)))
    }

    fn known_grundy(&self, rows: &Vec<u32>) -> Option<Nimber> {
        self.tabled(rows)
    }

    fn known_outcome(&self, rows: &Vec<u32>) -> Option<Outcome> {
        let p = |yes: bool| {
            Some(if yes {
                Outcome::Previous
            } else {
                Outcome::Next
            })
        };
        match rows.as_slice() {
            [] | [1] => Some(Outcome::Previous),
            [a] => p(*a == 1),
            [a, b] => p(*a == b + 1),
            _ if rows.iter().all(|&l| l == rows[0]) => Some(Outcome::Next),
            _ if rows.iter().all(|&l| l == 1) => Some(Outcome::Next),
            [first, rest @ ..] if rest.iter().all(|&l| l == 1) => p(*first as usize == rows.len()),
            _ => None,
        }
    }

    fn position_bytes(&self, rows: &Vec<u32>) -> usize {
        onag_core::heap_bytes::<u32>(rows.capacity())
    }
}

impl Notation for Chomp {
    fn name(&self) -> String {
        "chomp".to_string()
    }

    fn prepared(&self, progress: crate::Reporter, budget: onag_core::Budget) -> Option<Chomp> {
        Some(
            self.clone()
                .within_memory(budget.memory)
                .within_options(budget.options)
                .with_progress(Arc::new(Mutex::new(move |done, total| {
                    let mut report = progress.lock().unwrap_or_else(PoisonError::into_inner);
                    report(crate::Progress::Table { done, total });
                }))),
        )
    }

    /// `RxC` for a rectangle, or the row lengths from the poisoned row: `7,7,5,3`.
    fn read_component(&self, text: &str) -> Result<Vec<u32>> {
        let bad = |reason: &str| component_error("chomp", text, reason);
        let rectangle = text.contains('x');
        let rows: Vec<u32> = if let Some((rows, columns)) = text.split_once('x') {
            let (Ok(rows), Ok(columns)) =
                (rows.trim().parse::<u32>(), columns.trim().parse::<u32>())
            else {
                return Err(bad(
                    "write RxC, such as 12x12, or row lengths such as 7,7,5,3",
                ));
            };
            // A rectangle's outcome is known whatever its size (strategy stealing), so it may
            // be larger than other diagrams: as many rows as a diagram has squares.
            if u64::from(rows) > MOST_SQUARES {
                return Err(bad("a rectangle may have at most 65536 rows"));
            }
            vec![columns; rows as usize]
        } else {
            text.split(',')
                .map(|part| part.trim().parse::<u32>())
                .collect::<std::result::Result<_, _>>()
                .map_err(|_| {
                    bad("row lengths are whole numbers separated by commas, such as 7,7,5,3")
                })?
        };
        if rows.windows(2).any(|pair| pair[1] > pair[0]) {
            return Err(bad("rows must not get longer (a Young diagram)"));
        }
        let squares: u64 = rows.iter().map(|&l| u64::from(l)).sum();
        if squares > MOST_SQUARES && !rectangle {
            return Err(bad(
                "a diagram may have at most 65536 squares (a rectangle RxC, whose outcome is known, may be larger)",
            ));
        }
        let mut rows = rows;
        while rows.last() == Some(&0) {
            rows.pop();
        }
        if rows.is_empty() {
            return Err(bad("the diagram holds at least the poisoned square"));
        }
        Ok(rows)
    }

    /// Row lengths, `7,7,5,3`; a rectangle of two rows or more as `RxC`, as it may be typed
    /// (`10000x10000` was written as ten thousand lengths).
    fn write_component(&self, rows: &Vec<u32>) -> String {
        if let [first, _, ..] = rows.as_slice()
            && rows.iter().all(|length| length == first)
        {
            return format!("{}x{first}", rows.len());
        }
        let written: Vec<String> = rows.iter().map(u32::to_string).collect();
        written.join(",")
    }

    /// The diagrams inside the position's bounding rectangle (h x w holds C(h + w, h)), each
    /// with about h w / 2 options: what a search of all of them examines. A 200 x 200 square
    /// is then past any budget, and gets its outcome (and, for a square, the winning bite that
    /// leaves two equal arms) from the closed forms at once instead of a search.
    fn search_size(&self, rows: &Vec<u32>) -> Option<u64> {
        let (height, width) = (
            rows.len() as u128,
            u128::from(rows.first().copied().unwrap_or(0)),
        );
        // C(h + w, h), by the smaller of h and w, saturating.
        let (small, large) = (height.min(width), height.max(width));
        let mut diagrams: u128 = 1;
        for i in 1..=small {
            diagrams = diagrams.saturating_mul(large + i) / i;
            if diagrams > u128::from(u64::MAX) {
                return Some(u64::MAX);
            }
        }
        let options = diagrams.saturating_mul((height * width / 2).max(1));
        Some(u64::try_from(options).unwrap_or(u64::MAX))
    }

    /// A bite as moves are described, `bite at row 2, column 3` (from 1, the poisoned square
    /// at row 1, column 1), or `r2c3`.
    fn read_move(&self, from: &Vec<u32>, text: &str) -> Option<Result<Vec<u32>>> {
        let (row, column) = match text.strip_prefix("bite at row ") {
            Some(rest) => rest.split_once(", column ")?,
            None => text.strip_prefix('r')?.split_once('c')?,
        };
        let (Ok(row), Ok(column)) = (row.trim().parse::<u64>(), column.trim().parse::<u64>())
        else {
            return Some(Err(component_error(
                "chomp",
                text,
                "a bite is written by its square: bite at row 2, column 3 (or r2c3)",
            )));
        };
        let (r, c) = (row.wrapping_sub(1), column.wrapping_sub(1));
        let inside = usize::try_from(r)
            .ok()
            .and_then(|r| from.get(r))
            .is_some_and(|&length| c < u64::from(length));
        if !inside || (r, c) == (0, 0) {
            return Some(Err(component_error(
                "chomp",
                text,
                "a bite takes a square of the diagram other than the poisoned one (row 1, column 1)",
            )));
        }
        let mut next: Vec<u32> = from
            .iter()
            .enumerate()
            .map(|(i, &length)| {
                if i as u64 >= r {
                    length.min(c as u32)
                } else {
                    length
                }
            })
            .collect();
        while next.last() == Some(&0) {
            next.pop();
        }
        Some(Ok(next))
    }

    fn describe_move(&self, from: &Vec<u32>, to: &Vec<u32>) -> String {
        // The square chosen: the first row that got shorter, at its new length.
        let row = (0..from.len()).find(|&r| to.get(r).copied().unwrap_or(0) < from[r]);
        match row {
            Some(r) => format!(
                "bite at row {}, column {}",
                r + 1,
                to.get(r).copied().unwrap_or(0) + 1
            ),
            None => "bite".to_string(),
        }
    }
}
