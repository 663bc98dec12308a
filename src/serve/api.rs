//! The routes: pages, assets and the JSON API.
//!
//! Each API route is the command line's own query: the request's parameters are written as the
//! arguments of `onag value`, `moves`, `sequence`, `quotient`, `graph`, `nimber` or `games` with
//! `--json` and the server's budgets, parsed by the same parser and answered by the same
//! command, so that the explorer answers what the program prints, in the same JSON. Only the
//! parameters named below are taken: no request names a file, a checkpoint or a plot to write,
//! and `file:` in a position is refused by the library (`onag_games::without_files`).

use std::collections::HashMap;

use clap::Parser as _;

use super::Settings;
use super::http::Reply;
use crate::cli::{Cli, Command};
use crate::commands;

/// A page, script or style embedded in the program.
pub struct Asset {
    pub path: &'static str,
    pub content_type: &'static str,
    pub body: &'static [u8],
}

/// The explorer's one page: every view of it is drawn by its script from the address.
pub const PAGE: Asset = Asset {
    path: "/",
    content_type: "text/html; charset=utf-8",
    body: include_bytes!("assets/index.html"),
};

const ASSETS: &[Asset] = &[
    Asset {
        path: "/assets/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("assets/app.js"),
    },
    Asset {
        path: "/assets/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("assets/style.css"),
    },
    Asset {
        path: "/favicon.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("assets/favicon.svg"),
    },
];

/// The views of the page, each followed by a game's name in the address (`/game/kayles`).
const VIEWS_OF_A_GAME: &[&str] = &["game", "play", "sequence", "quotient"];

/// The views of the page without a game.
const VIEWS: &[&str] = &["/", "/graph", "/nimber"];

/// Which pool of workers answers a computation.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lane {
    /// Positions and nimbers: most answer in milliseconds.
    Quick,
    /// Sequences, quotients, graphs and plots: may take the whole of `--max-seconds`.
    Long,
}

/// What a request asks.
pub enum Route {
    /// An embedded file.
    Asset(&'static Asset),
    /// A new job id for the page.
    NewJob,
    /// The progress of computation `job`.
    Progress(String),
    /// Cancel computation `job`.
    Cancel(String),
    /// The catalogue, by the command line `arguments`: the same list for every request,
    /// answered by the reader at once, as a page is.
    Catalogue(Vec<String>),
    /// Work for a pool of workers.
    Work(Work),
}

/// A computation: the command line that answers it, or a plot.
pub struct Work {
    pub lane: Lane,
    pub job: Option<String>,
    pub what: What,
    /// Whether the body is a graph file (an upload) the command reads as `--graph`.
    pub upload: bool,
}

pub enum What {
    /// The arguments of an `onag` command line (the program's name first), whose output is one
    /// JSON object, or an SVG drawing when `svg`.
    Command { arguments: Vec<String>, svg: bool },
    /// A Grundy sequence's plot, zoomed to `from..=upto`.
    Plot {
        game: String,
        to: u64,
        from: u64,
        upto: u64,
    },
}

/// The query's parameters, each at most once, percent-decoded (`+` is a space).
struct Query(HashMap<String, String>);

impl Query {
    fn parse(query: &str, allowed: &[&str]) -> Result<Query, Reply> {
        let mut map = HashMap::new();
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if !allowed.contains(&key.as_ref()) {
                return Err(Reply::error(
                    400,
                    &format!(
                        "unknown parameter {key:?}; this route takes {}",
                        allowed.join(", ")
                    ),
                ));
            }
            if map.insert(key.to_string(), value.to_string()).is_some() {
                return Err(Reply::error(400, &format!("parameter {key:?} given twice")));
            }
        }
        Ok(Query(map))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    fn required(&self, key: &str) -> Result<&str, Reply> {
        self.get(key)
            .filter(|value| !value.trim().is_empty())
            .ok_or_else(|| Reply::error(400, &format!("missing parameter {key:?}")))
    }

    /// A yes-or-no parameter: absent, `0`/`false` or `1`/`true`.
    fn flag(&self, key: &str) -> Result<bool, Reply> {
        match self.get(key) {
            None | Some("" | "0" | "false") => Ok(false),
            Some("1" | "true") => Ok(true),
            Some(other) => Err(Reply::error(
                400,
                &format!("parameter {key:?} is 0 or 1, not {other:?}"),
            )),
        }
    }

    /// A number parameter of at most `most`, `default` when absent.
    fn number(&self, key: &str, default: u64, most: u64, flag: &str) -> Result<u64, Reply> {
        let Some(text) = self.get(key) else {
            return Ok(default);
        };
        let value: u64 = text.trim().parse().map_err(|_| {
            Reply::error(
                400,
                &format!("parameter {key:?} is a whole number, not {text:?}"),
            )
        })?;
        if value > most {
            return Err(Reply::error(
                400,
                &format!(
                    "parameter {key:?} is {value}, more than this server allows ({most}; onag serve {flag})"
                ),
            ));
        }
        Ok(value)
    }

    /// The page's job id, as `POST /api/job` gave it: 32 hexadecimal digits. Whether the
    /// server gave it is checked when the request is dispatched.
    fn job(&self) -> Result<Option<String>, Reply> {
        match self.get("job") {
            None => Ok(None),
            Some(id) if is_job_id(id) => Ok(Some(id.to_string())),
            Some(_) => Err(Reply::error(
                400,
                "parameter \"job\" is an id given by POST /api/job (32 hexadecimal digits)",
            )),
        }
    }
}

fn is_job_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
}

/// The request `method target` as a route, or the reply that refuses it.
pub fn route(method: &str, target: &str, settings: &Settings) -> Result<Route, Reply> {
    let (raw_path, query) = target.split_once('?').unwrap_or((target, ""));
    let path = percent_encoding::percent_decode_str(raw_path)
        .decode_utf8()
        .map_err(|_| Reply::error(400, "the path is not UTF-8"))?;
    let post = match method {
        "GET" | "HEAD" => false,
        "POST" => true,
        _ => return Err(Reply::error(405, &format!("method {method} is not served"))),
    };
    if let Some(api) = path.strip_prefix("/api/") {
        return api_route(api, query, post, settings);
    }
    if post {
        return Err(Reply::error(405, "pages are read with GET"));
    }
    if let Some(asset) = ASSETS.iter().find(|asset| asset.path == path) {
        return Ok(Route::Asset(asset));
    }
    if VIEWS.contains(&path.as_ref()) {
        return Ok(Route::Asset(&PAGE));
    }
    // `/game/NAME`: one segment naming a game of the catalogue.
    let mut segments = path.trim_start_matches('/').splitn(2, '/');
    let view = segments.next().unwrap_or_default();
    let name = segments.next().unwrap_or_default();
    if VIEWS_OF_A_GAME.contains(&view)
        && !name.is_empty()
        && !name.contains('/')
        && name.len() <= 200
        && (onag_games::open(name).is_ok() || onag_games::open_partizan(name).is_ok())
    {
        return Ok(Route::Asset(&PAGE));
    }
    Err(Reply::page(
        404,
        "Not found",
        &format!("There is nothing at {path}: no view of the explorer has this address."),
    ))
}

/// The budget flags every computation gets: the server's, never the client's.
fn budget_flags(settings: &Settings) -> Vec<String> {
    vec![
        "--max-positions".into(),
        settings.max_positions.to_string(),
        "--max-options".into(),
        settings.max_options.to_string(),
        "--max-memory".into(),
        settings.max_memory.to_string(),
    ]
}

/// The words of a position: components separated by spaces (`+` in an address).
fn components(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

fn api_route(api: &str, query: &str, post: bool, settings: &Settings) -> Result<Route, Reply> {
    let position_keys = ["game", "position", "misere", "max_moves", "job", "vertices"];
    let only_get = |route: &str| -> Result<(), Reply> {
        if post {
            Err(Reply::error(405, &format!("/api/{route} is read with GET")))
        } else {
            Ok(())
        }
    };
    let mut arguments: Vec<String> = vec!["onag".into()];
    match api {
        "games" => {
            only_get(api)?;
            Query::parse(query, &[])?;
            arguments.extend(["games".into(), "--json".into()]);
            Ok(Route::Catalogue(arguments))
        }
        "value" | "moves" => {
            let query = Query::parse(query, &position_keys)?;
            let most_moves = settings.max_moves;
            let moves =
                query.number("max_moves", most_moves.min(100), most_moves, "--max-moves")?;
            // One thread each (a search would take every core): the cores are shared by every
            // request the server runs.
            arguments.extend([
                api.to_string(),
                "--json".into(),
                "--threads".into(),
                "1".into(),
            ]);
            if query.flag("misere")? {
                arguments.push("--misere".into());
            }
            arguments.extend(budget_flags(settings));
            arguments.extend(["--max-moves".into(), moves.to_string()]);
            position_words(&query, post, &mut arguments)?;
            Ok(command_route(
                Lane::Quick,
                query.job()?,
                arguments,
                false,
                post,
            ))
        }
        "graph" => {
            let mut keys = position_keys.to_vec();
            keys.extend(["format", "max_positions"]);
            let query = Query::parse(query, &keys)?;
            let nodes = query.number("max_positions", 500, settings.max_graph, "--max-graph")?;
            arguments.push("graph".into());
            match query.get("format") {
                None | Some("json") => arguments.push("--json".into()),
                Some("svg") => arguments.extend(["--format".into(), "svg".into()]),
                Some(other) => {
                    return Err(Reply::error(
                        400,
                        &format!("parameter \"format\" is json or svg, not {other:?}"),
                    ));
                }
            }
            let svg = query.get("format") == Some("svg");
            if query.flag("misere")? {
                arguments.push("--misere".into());
            }
            arguments.extend([
                "--max-positions".into(),
                nodes.to_string(),
                "--max-options".into(),
                settings.max_options.to_string(),
                "--max-memory".into(),
                settings.max_memory.to_string(),
            ]);
            position_words(&query, post, &mut arguments)?;
            Ok(command_route(
                Lane::Long,
                query.job()?,
                arguments,
                svg,
                post,
            ))
        }
        "draw" | "thermograph" => {
            only_get(api)?;
            let query = Query::parse(query, &["game", "position", "job"])?;
            if api == "draw" {
                arguments.push("draw".into());
            } else {
                arguments.extend(["thermograph".into(), "--format".into(), "svg".into()]);
                arguments.extend(budget_flags(settings));
            }
            position_words(&query, false, &mut arguments)?;
            Ok(command_route(
                Lane::Quick,
                query.job()?,
                arguments,
                true,
                false,
            ))
        }
        "sequence" | "quotient" => {
            only_get(api)?;
            let keys: &[&str] = if api == "sequence" {
                &["game", "to", "misere", "job"]
            } else {
                &["game", "to", "job"]
            };
            let query = Query::parse(query, keys)?;
            let game = query.required("game")?.trim().to_string();
            let default = if api == "sequence" { 100 } else { 300 };
            let to = query.number("to", default, settings.max_sequence, "--max-sequence")?;
            arguments.extend([
                api.to_string(),
                "--json".into(),
                "--to".into(),
                to.to_string(),
            ]);
            if query.flag("misere")? {
                arguments.push("--misere".into());
            } else if api == "sequence" {
                arguments.extend(["--threads".into(), "1".into()]);
            }
            arguments.extend(budget_flags(settings));
            arguments.extend(["--".into(), game]);
            Ok(command_route(
                Lane::Long,
                query.job()?,
                arguments,
                false,
                false,
            ))
        }
        "plot" => {
            only_get(api)?;
            let query = Query::parse(query, &["game", "to", "from", "upto", "job"])?;
            let game = query.required("game")?.trim().to_string();
            let to = query.number("to", 1000, settings.max_sequence, "--max-sequence")?;
            let from = query.number("from", 0, to, "--max-sequence")?;
            let upto = query.number("upto", to, to, "--max-sequence")?;
            if from > upto {
                return Err(Reply::error(400, "parameter \"from\" is past \"upto\""));
            }
            Ok(Route::Work(Work {
                lane: Lane::Long,
                job: query.job()?,
                what: What::Plot {
                    game,
                    to,
                    from,
                    upto,
                },
                upload: false,
            }))
        }
        "nimber" => {
            only_get(api)?;
            let query = Query::parse(query, &["expression"])?;
            let expression = query.required("expression")?.to_string();
            if expression.len() > 4096 {
                return Err(Reply::error(
                    400,
                    "the expression is longer than 4096 characters",
                ));
            }
            arguments.extend(["nimber".into(), "--json".into(), "--".into(), expression]);
            Ok(command_route(Lane::Quick, None, arguments, false, false))
        }
        "job" => {
            if !post {
                return Err(Reply::error(405, "/api/job is asked with POST"));
            }
            Query::parse(query, &[])?;
            Ok(Route::NewJob)
        }
        "progress" | "cancel" => {
            if api == "progress" {
                only_get(api)?;
            } else if !post {
                return Err(Reply::error(405, "/api/cancel is asked with POST"));
            }
            let query = Query::parse(query, &["job"])?;
            let Some(id) = query.job()? else {
                return Err(Reply::error(400, "missing parameter \"job\""));
            };
            Ok(if api == "progress" {
                Route::Progress(id)
            } else {
                Route::Cancel(id)
            })
        }
        _ => Err(Reply::error(404, &format!("no API route /api/{api}"))),
    }
}

/// The route of a computation answered by the command line `arguments`.
fn command_route(
    lane: Lane,
    job: Option<String>,
    arguments: Vec<String>,
    svg: bool,
    upload: bool,
) -> Route {
    Route::Work(Work {
        lane,
        job,
        what: What::Command { arguments, svg },
        upload,
    })
}

/// The position's words after the flags: the game and its components, or with an uploaded
/// graph (`post`), `--graph` and the vertices holding tokens (none: every vertex).
fn position_words(query: &Query, post: bool, arguments: &mut Vec<String>) -> Result<(), Reply> {
    if post {
        if query.get("game").is_some() || query.get("position").is_some() {
            return Err(Reply::error(
                400,
                "an uploaded graph is the game: name its vertices with \"vertices\", not a game and position",
            ));
        }
        arguments.extend(["--graph".into(), "uploaded graph".into(), "--".into()]);
        arguments.extend(components(query.get("vertices").unwrap_or_default()));
        return Ok(());
    }
    if query.get("vertices").is_some() {
        return Err(Reply::error(
            400,
            "parameter \"vertices\" names tokens on an uploaded graph (POST the graph)",
        ));
    }
    let game = query.required("game")?.trim().to_string();
    let position = components(query.required("position")?);
    arguments.push("--".into());
    arguments.push(game);
    arguments.extend(position);
    Ok(())
}

/// Runs the command line `arguments` (with the uploaded graph `upload`, if any) as the program
/// would, and its output as the reply: its JSON, or the SVG it drew.
pub fn command(arguments: &[String], svg: bool, upload: Option<String>) -> Result<Reply, Failure> {
    let mut cli = Cli::try_parse_from(arguments).map_err(|error| {
        let text = error.render().to_string();
        let line = text
            .lines()
            .find(|line| !line.trim().is_empty())
            .unwrap_or("cannot read the request")
            .trim_start_matches("error: ")
            .to_string();
        Failure::Refused(commands::shortened_within(&line, '\''))
    })?;
    if let Some(text) = upload {
        match &mut cli.command {
            Command::Value(arguments) | Command::Moves(arguments) => {
                arguments.source.graph_text = Some(text);
            }
            Command::Graph(arguments) => arguments.source.graph_text = Some(text),
            _ => return Err(Failure::Refused("this route takes no upload".into())),
        }
    }
    let mut output = Vec::new();
    commands::run(cli, &mut output).map_err(Failure::Command)?;
    if svg {
        return Ok(Reply {
            status: 200,
            content_type: "image/svg+xml",
            body: output,
        });
    }
    let value: serde_json::Value = serde_json::from_slice(&output)
        .map_err(|error| Failure::Internal(format!("the command's output is not JSON: {error}")))?;
    Ok(Reply::json(200, &value))
}

/// A Grundy sequence's plot, drawn by the library.
pub fn plot(
    game: &str,
    to: u64,
    from: u64,
    upto: u64,
    settings: &Settings,
) -> Result<Reply, Failure> {
    let opened = onag_games::open(game).map_err(|error| Failure::Command(error.into()))?;
    let options = onag_games::SequenceOptions {
        budget: settings.budget(),
        threads: 1,
        checkpoint: None,
        checkpoint_every: std::time::Duration::from_secs(60),
        side_by_side: None,
    };
    let meter = crate::progress::Meter::for_server();
    let sequence = opened
        .sequence(to, &options, &mut |heap| {
            meter.show(onag_games::Progress::Sequence { heap, last: to })
        })
        .map_err(|error| Failure::Command(error.into()))?;
    let svg = onag_games::draw::sequence_svg_range(&opened.to_string(), &sequence, from, upto);
    Ok(Reply {
        status: 200,
        content_type: "image/svg+xml",
        body: svg.into_bytes(),
    })
}

/// Why a computation gave no answer.
pub enum Failure {
    /// The request cannot be answered as asked (400).
    Refused(String),
    /// The command's own error.
    Command(commands::Error),
    /// The server's own fault (500).
    Internal(String),
}
