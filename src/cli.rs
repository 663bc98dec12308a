//! The command line: arguments, the grammar of games and heaps, and parse errors.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

/// The help text on games, made from the catalogue (`onag_games::catalogue`), so that it lists
/// exactly the games the program knows.
pub fn games_help() -> String {
    let catalogue = onag_games::catalogue();
    let width = catalogue
        .iter()
        .map(|entry| entry.syntax.len() + entry.component.len() + 1)
        .max()
        .unwrap_or(0);
    let mut help = String::from("GAMES (onag games lists them with their rules):\n");
    for entry in catalogue {
        let written = format!("{} {}", entry.syntax, entry.component);
        help.push_str(&format!(
            "  {written:width$}  e.g. onag value {}\n",
            entry.example
        ));
    }
    help.push_str(
        "M and K are numbers, S comma-separated numbers (1,3,4), CODE a take-and-break code such \
         as\n0.77 (octal digits) or 4!.0 (hex digits, [d] repeats d for ever, ! wants unequal heaps).\n\n\
         Each COMPONENT of a position is one game of the sum, written as the game's column above \
         says:\n`onag value nim 3 4 5` is three Nim heaps, `onag value wythoff 3,5 1,2` two \
         Wythoff games.\nHeap sizes are whole numbers from 0 to 18446744073709551615.\n\n\
         EXAMPLES:\n  onag value nim 3 4 5\n  onag value kayles 10 12 --json\n  \
         onag value octal:0.07 1000000000000\n  onag value wythoff 1000000000000000000,5\n  \
         onag sequence kayles --to 100 --table 12",
    );
    help
}

/// Impartial games solved fast and exactly: Grundy values, outcomes and winning moves.
#[derive(Debug, Parser)]
#[command(name = "onag", version, about, after_help = games_help())]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// Write a progress line to stderr every SECONDS seconds, each ending with a newline,
    /// whether stderr is a terminal or not: for a long run whose stderr is a log file (nohup,
    /// a cluster's job). Without it, progress is drawn only on a terminal, on one line.
    #[arg(long, global = true, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub log_every: Option<u64>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the Grundy value, the outcome and the winning moves of a position.
    #[command(after_help = games_help())]
    Value(PositionArgs),
    /// Print the Grundy values G(0..=N) of single heaps and the period they show.
    #[command(after_help = games_help())]
    Sequence(SequenceArgs),
    /// List every move of a position with the value it leads to, winning moves marked.
    #[command(after_help = games_help())]
    Moves(PositionArgs),
    /// Play a position against the perfect strategy, in the terminal or from a script.
    #[command(after_help = PLAY_HELP)]
    Play(PlayArgs),
    /// Draw the state graph of a position: every position reachable, with its value.
    #[command(after_help = games_help())]
    Graph(GraphArgs),
    /// Compute the misère quotient of a heap game: its presentation, order, P-portion and
    /// pretending function, certified when the pretending function is proven periodic.
    #[command(after_help = QUOTIENT_HELP)]
    Quotient(QuotientArgs),
    /// Compute the Grundy sequences of many games to one bound, one row a game: the period,
    /// the sparse-space report, the time and the checksum.
    #[command(after_help = SWEEP_HELP)]
    Sweep(SweepArgs),
    /// List every game with its rule.
    Games(GamesArgs),
    /// Evaluate an expression of nimbers: + (nim-sum), * and / (nim product and quotient),
    /// ^ (power), sqrt(...), inv(...).
    #[command(after_help = NIMBER_HELP)]
    Nimber(NimberArgs),
    /// Evaluate an expression of partizan games in CGSuite's notation: canonical forms, sums,
    /// comparisons, temperatures, thermographs, cooling and more.
    #[command(after_help = FORM_HELP)]
    Form(FormArgs),
    /// Draw the thermograph of a position of a partizan game (or of an impartial one, whose
    /// value *n is the algebra's special case): its walls, mean and temperature.
    Thermograph(ThermographArgs),
    /// Draw a position as SVG, for games drawn as pictures: a Hackenbush picture, each edge
    /// numbered as its moves name it (`cut edge 3`).
    Draw(DrawArgs),
    /// Serve the explorer: a web page on this machine to look at values, moves, sequences and
    /// quotients, and to play, in a browser.
    #[command(after_help = SERVE_HELP)]
    Serve(ServeArgs),
    /// Print a shell completion script: onag completions bash > /etc/bash_completion.d/onag
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

const QUOTIENT_HELP: &str = "\
The quotient (Plambeck & Siegel, Misère quotients for impartial games, 2008) is built heap by
heap and verified at every step; the misère outcome of any sum of heaps is then one product in
it. A quotient that keeps growing, or a heap whose quotient cannot be settled within the
limits, is reported as the partial quotient of the heaps reached.

EXAMPLES:
  onag quotient octal:0.75
  onag quotient kayles --json
  onag quotient dawson-chess --to 20";

const SWEEP_HELP: &str = "\
FILE lists one game a line: an octal code (0.6, 4.07), any heap game of the catalogue
(grundy, subtraction:1,2,5), or a pattern whose each ? is every octal digit (0.??? is the
codes of three digits, less those ending in 0); blank lines and # comments are skipped.
Each row has the keys code, to, preperiod, period (both empty or null when no period is
found), proven, largest, largest_at, rare_mask, rare_by (value or position: how heaps are
classed rare), rare_count, last_rare, seconds and checksum (the checksum of
`onag sequence --summary`; seconds counts the runs a game was resumed from too). With
--output the table is written as games finish, and a sweep run again with the same file and
bound keeps the rows already there and values only the rest; with --checkpoints DIR a game
cut off in the middle (Ctrl-C, a cluster's time limit) resumes from its checkpoint too.
Games run side by side, one a free core, within one memory budget.
--shard i/k takes the i-th of every k games (1 <= i <= k), so that k machines split a sweep;
their tables, read with --merge, make one.

EXAMPLES:
  onag sweep codes.txt --to 100000
  onag sweep codes.txt --to 1000000 --format csv --output sweep.csv
  onag sweep codes.txt --to 1000000 --shard 3/8 --output part3.json --format json
  onag sweep codes.txt --to 268435456 --output sweep.md --checkpoints sweep-checkpoints
  onag sweep codes.txt --to 1000000 --merge part*.json --format json";

const PLAY_HELP: &str = "\
MOVES are typed as the component's number and what it becomes: in a heap game `2 1` makes
heap 2 hold 1 counter, `3 1 4` splits heap 3 into heaps of 1 and 4, `3 0` (or `3 -`) removes
heap 3 entirely; in Wythoff's game `1 2,3` makes the first game's heaps 2 and 3. A move as
the program writes it (a hint, onag's own move: `heap 2: 4 -> 3`) is read as written.
Also: hint (a winning move, if there is one), undo (take back your last turn), help, quit.
Input is read line by line, so a game can be scripted: printf '1 1\\nhint\\n' | onag play nim 3 4 5

EXAMPLES:
  onag play nim 3 4 5
  onag play kayles 7 --first onag
  onag play wythoff 6,9";

const NIMBER_HELP: &str = "\
With the nim-sum as addition and the nim product as multiplication, the numbers below 2^(2^k)
form a field (Conway, On Numbers and Games, ch. 6): every nonzero number has an inverse and a
square root. Numbers are decimal or 0x hexadecimal, below 2^4096, and may be written as
nimbers are (*5 is 5, * alone is 1: '*3 + *5' is 6, '4 * *2' is 8; ** is refused, not read as
a power); in a ^ n, n is an ordinary whole number and the power is a nim product of n factors
(2 ^ 2 is 3).

EXAMPLES:
  onag nimber '3141 * 5926'
  onag nimber '8 * 8'            # 13
  onag nimber '6 / 5'            # 9
  onag nimber 'sqrt(13) + inv(7)'
  onag nimber '0x10000000000000000 * 0x10000000000000000' --json   # 2^64 squared";

const FORM_HELP: &str = "\
Games are written as CGSuite writes them: numbers (3, -1/2), nimbers (*, *3), ups and downs
(^, ^^, ^3, v, vv), all three run together (6^*, 73/16v9*8), switches (+-1, +-(1*)),
Tiny(2), Miny(2), and {L|R} with options separated by commas, nested by more bars
({3||2|1} is {3|{2|1}}). Combine them with + and -, compare with <=, <, >=, >, == and ||
(confused), and apply temperature, mean, leftstop, rightstop, thermograph, birthday,
atomic_weight, reduced, incentives, outcome (one game each), cool(G, t), heat(G, t),
overheat(G, s, t), norton(G, U), conjunctive, selective, ordinal and product (two games).
A game is printed in canonical form with its outcome, birthday, stops, mean and temperature.

EXAMPLES:
  onag form '{2|0} + {1|-1}'
  onag form '^ + ^ + *'              # ^^*
  onag form 'temperature({3||2|1})'
  onag form '^ || *'                 # true: confused
  onag form 'cool({3||2*|1*}, 1/2)' --json
  onag form 'thermograph({3||2|1})' --format svg > thermograph.svg";

const SERVE_HELP: &str = "\
The explorer is one page served by the program itself (nothing to install, works offline):
the catalogue, any position with its moves coloured by outcome, play against onag, Grundy
sequences plotted with their period, misère quotients, games with cycles and uploaded graphs,
and the nimber calculator. Its JSON API (/api/games, /api/value?game=G&position=P,
/api/moves, /api/sequence?game=G&to=N, ...) answers as the commands' --json do.

Each request runs within the limits below (smaller than the commands'), on one thread of one
of two pools: positions and nimbers on the quick pool (3 x --workers threads; one that runs
past a tenth of a second there moves to the other), sequences, quotients and graphs on the
long pool (--workers threads). A request that finds its pool's queue full (--queue, four times
that for the quick pool) is answered 503. At most 4 x --workers computations run at once, so
the server's memory stays within about 4 x --workers x --max-memory.

EXAMPLES:
  onag serve --open
  onag serve --port 0                 # any free port; the address is printed
  onag serve --host 0.0.0.0 --port 8080 --workers 8";

/// Arguments of `onag serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Open the explorer in the desktop's browser.
    #[arg(long)]
    pub open: bool,
    /// The address to listen on. Anything but a loopback address (127.0.0.1, ::1) makes the
    /// explorer reachable from other machines, with a warning.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Another name requests may give in their Host header (a machine's name or address, as
    /// typed in the browser), besides localhost, the loopback addresses and the --host
    /// address; repeat it for several. Requests naming anything else are refused, against
    /// DNS rebinding.
    #[arg(long, value_name = "NAME", value_parser = parse_host_name)]
    pub allow_host: Vec<String>,
    /// Threads in each of the two pools of workers.
    #[arg(long, value_name = "N", default_value_t = default_workers(), value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub workers: usize,
    /// Requests that may wait for a worker of the long computations (four times as many for
    /// the quick ones); more are answered 503.
    #[arg(long, value_name = "N", default_value_t = 16, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub queue: usize,
    /// The most seconds one request may compute.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0, value_parser = parse_seconds)]
    pub max_seconds: f64,
    /// The most positions one request may remember.
    #[arg(long, value_name = "N", default_value_t = 10_000_000)]
    pub max_positions: u64,
    /// The most options one request may examine.
    #[arg(long, value_name = "N", default_value_t = 10_000_000_000)]
    pub max_options: u64,
    /// The most memory one request may use.
    #[arg(long, visible_alias = "memory", value_name = "SIZE", default_value = "512M", value_parser = parse_size)]
    pub max_memory: u64,
    /// The last heap a sequence or quotient may reach.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_sequence: u64,
    /// The most positions of a drawn graph.
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_graph: u64,
    /// The most moves listed.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub max_moves: u64,
    /// The largest graph file that may be uploaded.
    #[arg(long, value_name = "SIZE", default_value = "1M", value_parser = parse_size)]
    pub max_upload: u64,
}

/// A host name or address as a Host header gives it, without a port.
fn parse_host_name(text: &str) -> Result<String, String> {
    let valid = !text.is_empty()
        && text.len() <= 253
        && text.bytes().all(|byte| {
            byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'[' | b']' | b':')
        });
    if valid {
        Ok(text.to_ascii_lowercase())
    } else {
        Err(format!(
            "{text:?} is not a host name (letters, digits, '.', '-', or an address in [ ] for IPv6)"
        ))
    }
}

/// The cores this process may use, at least 2.
fn default_workers() -> usize {
    std::thread::available_parallelism().map_or(2, |cores| cores.get().max(2))
}

/// Arguments of `onag quotient`.
#[derive(Debug, Args)]
pub struct QuotientArgs {
    /// The heap game (see `onag games`).
    #[arg(value_parser = GameName, hide_possible_values = true)]
    pub game: String,
    /// The largest heap to add; the computation stops sooner once the pretending function is
    /// proven periodic.
    #[arg(long, value_name = "N", default_value_t = 300, value_parser = parse_heap)]
    pub to: u64,
    /// Print one JSON object: {"game", "order", "p_portion", "generators", "relations", "phi",
    /// "preperiod", "period", "certified", "heap_reached", "stopped"}.
    #[arg(long)]
    pub json: bool,
    /// Resume from FILE if it exists (the quotient in it is verified again), and write the
    /// quotient to it as the run goes (every --checkpoint-every seconds, atomically, with a
    /// checksum) and at the end.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between two writes of the checkpoint.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, requires = "checkpoint", value_parser = parse_seconds)]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Arguments of `onag nimber`.
#[derive(Debug, Args)]
pub struct NimberArgs {
    /// The expression (quote it for the shell; several words are joined by spaces).
    #[arg(required = true)]
    pub expression: Vec<String>,
    /// Print one JSON object: {"expression", "value" (decimal digits, as a string),
    /// "field_bits"}.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `onag form`.
#[derive(Debug, Args)]
pub struct FormArgs {
    /// The expression (quote it for the shell; several words are joined by spaces). One that
    /// starts with a minus sign follows `--`: onag form -- '-1/2 + ^'.
    #[arg(required = true)]
    pub expression: Vec<String>,
    /// Print one JSON object: for a game {"expression", "form", "outcome", "is_number",
    /// "birthday", "left_stop", "right_stop", "mean", "temperature", "left_options",
    /// "right_options"}; for anything else {"expression", "value"}; for a thermograph its
    /// walls too.
    #[arg(long)]
    pub json: bool,
    /// The output: text, or svg for a thermograph(...) expression.
    #[arg(long, value_enum, default_value_t = FormFormat::Text)]
    pub format: FormFormat,
    /// The most memory the table of games may take: bytes, or with a suffix K, M, G or T.
    #[arg(long, visible_alias = "memory", value_name = "SIZE", default_value = "2G", value_parser = parse_size)]
    pub max_memory: u64,
}

/// How `onag form` writes its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormFormat {
    /// Text (or JSON with --json).
    Text,
    /// An SVG drawing of a thermograph.
    Svg,
}

/// Who moves first in `onag play`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    /// You move first.
    Me,
    /// The program moves first.
    Onag,
}

/// A side of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Side {
    /// Left: vertical dominoes, blue edges, toads, x stones.
    Left,
    /// Right: horizontal dominoes, red edges, frogs, o stones.
    Right,
}

/// Arguments of `onag thermograph`.
#[derive(Debug, Args)]
pub struct ThermographArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Print one JSON object: {"form", "temperature", "mean", "left_wall", "right_wall"}.
    #[arg(long)]
    pub json: bool,
    /// The output: text (or JSON with --json), or an SVG drawing.
    #[arg(long, value_enum, default_value_t = FormFormat::Text)]
    pub format: FormFormat,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// Arguments of `onag draw`.
#[derive(Debug, Args)]
pub struct DrawArgs {
    #[command(flatten)]
    pub source: GameArgs,
}

/// Arguments of `onag play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    pub first: First,
    /// In a partizan game (domineering, hackenbush, ...), the side you play; onag plays the
    /// other.
    #[arg(long = "as", value_enum, value_name = "SIDE", default_value_t = Side::Left)]
    pub side: Side,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// The most seconds onag looks for a winning reply: past them (on a board no strategy
    /// argument settles) it plays a move it says it could not value. 0: no limit.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    pub think: f64,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// The formats of a sweep's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SweepFormat {
    /// A Markdown table.
    Markdown,
    /// Comma-separated values with a header line.
    Csv,
    /// A JSON list of rows, one a line.
    Json,
}

/// `onag sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The file that lists the games, one a line.
    #[arg(value_name = "FILE")]
    pub file: std::path::PathBuf,
    /// The last heap of every sequence.
    #[arg(long, value_name = "N", value_parser = parse_heap)]
    pub to: u64,
    /// The table's format [default: the one --output's extension names (.md, .csv, .json),
    /// else markdown].
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<SweepFormat>,
    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Write the table to this file as it goes, keeping the rows already there.
    #[arg(long, value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
    /// Take the i-th of every k games: i/k with 1 <= i <= k.
    #[arg(long, value_name = "I/K", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Merge the tables of shards (written in the same format) into one, in the order of FILE,
    /// instead of valuing anything.
    #[arg(long, value_name = "TABLE", num_args = 1.., conflicts_with = "shard")]
    pub merge: Vec<std::path::PathBuf>,
    /// Threads in all (by default the cores this process may use): games run side by side,
    /// one a thread.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Keep each game under way in a checkpoint in this directory (made if missing), so that a
    /// sweep stopped in the middle of a long game resumes that game where its checkpoint left
    /// it; a game's checkpoint is removed once its row is written.
    #[arg(long, value_name = "DIR", conflicts_with = "merge")]
    pub checkpoints: Option<std::path::PathBuf>,
    /// Seconds between two writes of a game's checkpoint.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, requires = "checkpoints", value_parser = parse_seconds)]
    pub checkpoint_every: f64,
    #[command(flatten)]
    pub budget: BudgetArgs,
}

/// `i/k` with `1 <= i <= k`.
fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let wrong = || {
        format!("expected I/K with 1 <= I <= K (3/8 is the third of eight shards), found {text:?}")
    };
    let (index, count) = text.split_once('/').ok_or_else(wrong)?;
    let index: usize = index.trim().parse().map_err(|_| wrong())?;
    let count: usize = count.trim().parse().map_err(|_| wrong())?;
    if index == 0 || index > count {
        return Err(wrong());
    }
    Ok((index, count))
}

/// The budget of a computation, the same three flags in every subcommand.
#[derive(Debug, Clone, Copy, Args)]
pub struct BudgetArgs {
    /// The most positions to remember at once: the search's table (default 10^8), or the
    /// values of a sequence (by default as many as --max-memory holds).
    #[arg(long, value_name = "N")]
    pub max_positions: Option<u64>,
    /// The most options (positions one move away) to examine in one computation.
    #[arg(long, value_name = "N", default_value_t = onag_core::Budget::DEFAULT.options)]
    pub max_options: u64,
    /// The most memory the tables may take: bytes, or with a suffix K, M, G or T (powers of
    /// 1024).
    #[arg(long, visible_alias = "memory", value_name = "SIZE", default_value = "2G", value_parser = parse_size)]
    pub max_memory: u64,
}

impl BudgetArgs {
    /// The library's budget, its memory no more than this process may take (see
    /// [`within_the_process`]).
    pub fn budget(&self) -> onag_core::Budget {
        onag_core::Budget {
            positions: self
                .max_positions
                .unwrap_or(onag_core::Budget::DEFAULT.positions),
            options: self.max_options,
            memory: within_the_process(self.max_memory),
        }
    }

    /// The budget of a Grundy sequence: as [`BudgetArgs::budget`], but with no count of
    /// values unless one is given ([`onag_games::DEFAULT_SEQUENCE_POSITIONS`]).
    pub fn sequence_budget(&self) -> onag_core::Budget {
        onag_core::Budget {
            positions: self
                .max_positions
                .unwrap_or(onag_games::DEFAULT_SEQUENCE_POSITIONS),
            ..self.budget()
        }
    }
}

/// Memory the program keeps for itself beside a computation's tables: its code, threads'
/// stacks and the allocator's own.
const PROGRAM_RESERVE: u64 = 512 << 20;

/// `asked`, or less when this process may not take that much: its address-space limit
/// (`ulimit -v`) or its control group's `memory.max`, less [`PROGRAM_RESERVE`]. A budget past
/// them would end in an allocation failure (an abort) instead of the budget's own error; the
/// smaller is used, and a note on stderr says so, once.
pub fn within_the_process(asked: u64) -> u64 {
    let Some(limit) = process_memory_limit() else {
        return asked;
    };
    let usable = limit.saturating_sub(PROGRAM_RESERVE);
    if asked <= usable {
        return asked;
    }
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        eprintln!(
            "onag: note: --max-memory {asked} is more than this process may take ({limit} bytes); using {usable}"
        );
    });
    usable
}

/// The most memory this process may take, where a limit is set: the soft address-space limit
/// of `/proc/self/limits` and the cgroup's `memory.max` (Linux; none elsewhere).
fn process_memory_limit() -> Option<u64> {
    let address = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("Max address space"))
                .and_then(|line| line.split_whitespace().nth(3))
                .and_then(|soft| soft.parse::<u64>().ok())
        });
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok());
    address.into_iter().chain(cgroup).min()
}

/// Reads a size: a whole number of bytes, or one with a suffix K, M, G or T (binary units; `B`
/// or `iB` may follow).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    let number = lower
        .strip_suffix("ib")
        .or_else(|| lower.strip_suffix('b'))
        .unwrap_or(&lower);
    let (digits, shift) = match number.chars().last() {
        Some('k') => (&number[..number.len() - 1], 10),
        Some('m') => (&number[..number.len() - 1], 20),
        Some('g') => (&number[..number.len() - 1], 30),
        Some('t') => (&number[..number.len() - 1], 40),
        _ => (number, 0),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|value| value.checked_mul(1u64 << shift))
        .ok_or_else(|| {
            format!(
                "a size is a whole number of bytes, or one with K, M, G or T (2G), got {trimmed:?}"
            )
        })
}

/// The output formats of `onag graph`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT.
    Dot,
    /// A picture, laid out by distance from the start.
    Svg,
    /// {"nodes": [{"id", "position", "grundy", "outcome"}], "edges": [[from, to]]}.
    Json,
}

/// Arguments of `onag graph`.
#[derive(Debug, Args)]
pub struct GraphArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// The output format.
    #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
    pub format: GraphFormat,
    /// The same as `--format json`, spelled as every other subcommand spells it.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// The most positions to draw (the graph's nodes); a larger graph is refused at once.
    #[arg(long, default_value_t = 500, value_name = "N")]
    pub max_positions: u64,
    /// The most options to examine while valuing the graph's positions.
    #[arg(long, value_name = "N", default_value_t = onag_core::Budget::DEFAULT.options)]
    pub max_options: u64,
    /// The most memory the tables may take (bytes, or with K, M, G or T).
    #[arg(long, visible_alias = "memory", value_name = "SIZE", default_value = "2G", value_parser = parse_size)]
    pub max_memory: u64,
    /// Misère play: each position labelled with its misère Grundy value g⁻ (0 exactly at a
    /// misère P-position, 1 at a position with no move), or ∞ where best play never ends.
    #[arg(long)]
    pub misere: bool,
}

impl GraphArgs {
    /// The format asked for: `--json` is `--format json`.
    pub fn chosen_format(&self) -> GraphFormat {
        if self.json {
            GraphFormat::Json
        } else {
            self.format
        }
    }
}

/// Arguments of `onag sequence`.
#[derive(Debug, Args)]
pub struct SequenceArgs {
    /// The game (see GAMES below).
    #[arg(value_parser = GameName, hide_possible_values = true)]
    pub game: String,
    /// The last heap size N: print G(0), ..., G(N).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_heap)]
    pub to: u64,
    /// Print one JSON object: {"game", "values", "period": null or {"preperiod", "period",
    /// "saltus", "proven"}, "largest", "largest_at", "rare_mask", "rare_by", "rare_count",
    /// "last_rare", "work", "critical_path"}.
    #[arg(long, conflicts_with = "summary")]
    pub json: bool,
    /// Print only the period report, G(N), the number of zeros, a checksum and the
    /// sparse-space report (largest value, rare/common classification).
    #[arg(long)]
    pub summary: bool,
    /// Misère play: print each heap's misère Grundy value g⁻ (0 for a misère P-position),
    /// its genus γ0^{γ1γ2...} (Conway: γk is g⁻ beside k-1 heaps of 2) and whether it is tame,
    /// restive or wild.
    #[arg(long, conflicts_with_all = ["summary", "plot", "checkpoint"])]
    pub misere: bool,
    /// Threads to compute with (default, and at most: the cores this process may run on).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Resume from FILE if it exists, and write the values to it as the run goes (every
    /// --checkpoint-every seconds, atomically, with a checksum) and at the end.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// Seconds between two writes of the checkpoint.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, requires = "checkpoint", value_parser = parse_seconds)]
    pub checkpoint_every: f64,
    /// Print the values in rows of W, so that a period of W (or a divisor) shows as columns.
    #[arg(long, value_name = "W", default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub table: u64,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Also draw G(n) against n, with the preperiod and period marked, into FILE: .svg (with
    /// title and labels) or .png (the same picture without text).
    #[arg(long, value_name = "FILE")]
    pub plot: Option<std::path::PathBuf>,
}

/// Arguments of `onag games`.
#[derive(Debug, Args)]
pub struct GamesArgs {
    /// Print one JSON object: {"games": [{"name", "syntax", "component", "example", "rule",
    /// "engine"}]}.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print the table of games as Markdown, as the guide shows it.
    #[arg(long)]
    pub markdown: bool,
}

/// A game of the catalogue and a position in it, or a graph file and tokens on its vertices.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game, e.g. nim, bash:3, kayles, octal:0.07, wythoff (see GAMES below); left out
    /// with --graph.
    #[arg(
        value_parser = GameName,
        hide_possible_values = true,
        required_unless_present = "graph"
    )]
    pub game: Option<String>,
    /// The components of the position, each written as the game says: a heap size, or A,B for
    /// Wythoff's game (see GAMES below); with --graph, vertices, each a token.
    #[arg(
        required_unless_present = "graph",
        allow_negative_numbers = true,
        value_name = "COMPONENT"
    )]
    pub components: Vec<String>,
    /// Play on a directed graph read from FILE instead of a game: DOT (`digraph { a -> b }`),
    /// JSON (`{"edges": [["a", "b"]]}`) or an edge list (`a b` on each line). A move takes a
    /// token along an edge; cycles are allowed (values may be ∞, outcomes draws). Each
    /// COMPONENT is then a vertex; with none, `value` and `graph` show every vertex. After
    /// node-kayles or arc-kayles, the graph (its edges taken both ways) that game is played on
    /// instead, as `file:FILE`.
    #[arg(long, value_name = "FILE")]
    pub graph: Option<std::path::PathBuf>,
    /// The text of the graph named by `graph`, when a front has it already (a file uploaded to
    /// the web explorer): read instead of the file.
    #[arg(skip)]
    pub graph_text: Option<String>,
    /// Write ∞ as inf, for terminals without Unicode.
    #[arg(long)]
    pub ascii: bool,
    /// Threads for the pruned search of one large position (cram, node-kayles, arc-kayles,
    /// and a partizan game's --search); by default, and at most, the cores the process may
    /// use.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Find values by the pruned search of one position (Lemoine & Viennot; Beling &
    /// Rogalski) instead of the game's own engine: for a heap game (e.g. grundy) a cross-check
    /// of its Grundy sequence, each heap searched alone; for any other game without cycles, a
    /// search that values few positions besides the one asked. Games with cycles refuse it.
    #[arg(long)]
    pub search: bool,
}

impl GameArgs {
    /// The words of the position: with --graph, the game's place holds the first vertex.
    pub fn components(&self) -> Vec<String> {
        match &self.graph {
            Some(_) => self.game.iter().chain(&self.components).cloned().collect(),
            None => self.components.clone(),
        }
    }
}

/// A game, a position in it, and the common options.
#[derive(Debug, Args)]
pub struct PositionArgs {
    #[command(flatten)]
    pub source: GameArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Misère play: the player who makes the last move loses. Outcomes and winning moves are
    /// searched over the whole position (a misère sum is not the nim-sum of its parts).
    #[arg(long)]
    pub misere: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// The most moves to list (at most 1000000); 0 lists none, which spares their search when
    /// only the value is wanted.
    #[arg(long, default_value_t = 100, value_name = "N", value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub max_moves: u64,
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if (0.0..=1e9).contains(&seconds) => Ok(seconds),
        _ => Err(format!("a number of seconds from 0 to 10^9, got {text:?}")),
    }
}

fn parse_heap(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "heap sizes are whole numbers from 0 to {}, got {text:?}",
            u64::MAX
        )
    })
}

/// The game argument: any text (the library reads it and explains what is wrong), with the
/// catalogue's names offered to shell completion.
#[derive(Debug, Clone, Copy)]
struct GameName;

impl clap::builder::TypedValueParser for GameName {
    type Value = String;

    fn parse_ref(
        &self,
        command: &clap::Command,
        argument: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(command, argument, value)
    }

    /// The catalogue's names, `NAME:` for those that take a parameter.
    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        Some(Box::new(onag_games::catalogue().iter().map(|entry| {
            let name = if entry.syntax.contains(':') {
                format!("{}:", entry.name)
            } else {
                entry.name.to_string()
            };
            clap::builder::PossibleValue::new(name).help(entry.rule)
        })))
    }
}

/// Prints help and version as clap does; every other parse error as one line, exit status 2.
pub fn report_parse_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            if error.use_stderr() {
                // Help shown because something was missing: on stderr, as an error.
                let _ = error.print();
                return ExitCode::from(2);
            }
            // Help asked for goes to stdout, and a failed write (a full disk) is an error like
            // any other.
            let mut stdout = std::io::stdout().lock();
            let written = write!(stdout, "{}", error.render()).and_then(|()| stdout.flush());
            match written {
                Err(failure) if failure.kind() != std::io::ErrorKind::BrokenPipe => {
                    let _ = writeln!(std::io::stderr(), "onag: cannot write the help: {failure}");
                    ExitCode::from(2)
                }
                _ => ExitCode::SUCCESS,
            }
        }
        _ => {
            // clap writes the message, a blank line, then usage; keep the message, on one line.
            let rendered = error.render().to_string();
            let message: Vec<&str> = rendered
                .lines()
                .map(str::trim)
                .skip_while(|line| line.is_empty())
                .take_while(|line| !line.is_empty() && !line.starts_with("Usage:"))
                .collect();
            let line = message.join(" ");
            let line = line.strip_prefix("error: ").unwrap_or(&line);
            let line = crate::commands::shortened_within(line, '\'');
            let _ = writeln!(std::io::stderr(), "onag: {line} (see onag --help)");
            ExitCode::from(2)
        }
    }
}
