"""The browser table's files and the lobby's facts: the client (``angler/web/static``: plain ES
modules, SVG and CSS, no build step) at ``/``, each game's own board and how-to-play page from
its ``web/`` folder at ``/games/NAME/FILE``, and ``/games``, what the lobby offers.

Nothing here names a game: a game's files are found beside the module declaring it
(``Presentation.web_folder``), as the terminal table finds its picture.
"""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt
from starlette.middleware.gzip import GZipMiddleware

from angler.agents.levels import LEVELS
from angler.core import all_games
from angler.core.docs import doc_image, read_doc
from angler.core.errors import AnglerError
from angler.core.game import Game, check_true_or_false
from angler.server.api import ErrorBody, GameInfo, OptionInfo

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
GAME_FILE = re.compile(r"[a-z][a-z0-9_-]{0,40}\.(js|css|html|svg)")
BOTS = (*LEVELS, "heuristic", "random")
MEDIA = {"js": "text/javascript", "css": "text/css", "html": "text/html", "svg": "image/svg+xml"}
MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable("table")  # our docs: no raw HTML
NO_CACHE = {"cache-control": "no-cache"}  # revalidate: a game's new board shows at once


class NoSuchFileError(AnglerError):
    code = "http"
    status = 404


def game_info(game: type[Game], folder: Path) -> GameInfo:  # type: ignore[type-arg]
    return GameInfo(
        name=game.name,
        title=game.title,
        summary=game.summary,
        min_players=game.min_players,
        max_players=game.max_players,
        default_players=game.default_players,
        options=[
            OptionInfo(
                name=option.name,
                default=option.default,
                help=option.help,
                kind="bool" if option.check is check_true_or_false else "text",
            )
            for option in game.options
            if option.name != "cards"  # a card set is uploaded as a file, not named as a path
        ],
        bots=list(BOTS),
        web_files=sorted(path.name for path in folder.glob("*") if GAME_FILE.fullmatch(path.name)),
    )


def page_html(text: str) -> str:
    """A player's page (Markdown) as HTML for the browser table. A table takes the focus: on a
    phone a wide one scrolls sideways, which the keyboard must reach too. An image beside the
    docs (``../img/NAME.png``) is served at ``/docs/img/NAME.png``. A column's alignment is a
    class (``align-left``, ``align-center``, ``align-right``), never a style attribute."""
    tokens = MARKDOWN.parse(text)
    for token in tokens:
        if token.type == "table_open":
            token.attrSet("tabindex", "0")
        align = token.attrGet("style") if token.type in ("th_open", "td_open") else None
        if isinstance(align, str):
            # A column's alignment (|:--:|) is a style attribute, which the page's policy
            # refuses (security_headers.py): a class of style.css says it instead.
            del token.attrs["style"]
            token.attrSet("class", "align-" + align.removeprefix("text-align:"))
        for child in token.children or []:
            source = child.attrGet("src") if child.type == "image" else None
            if isinstance(source, str) and source.startswith("../img/"):
                child.attrSet("src", "/docs/img/" + source.removeprefix("../img/"))
    html: str = MARKDOWN.renderer.render(tokens, MARKDOWN.options, {})
    # A command line scrolls sideways in its own box on a phone: the keyboard reaches it too.
    return html.replace("<pre>", '<pre tabindex="0">')


def add_web_table(app: FastAPI) -> None:
    """Serve the browser table on ``app``."""
    app.add_middleware(GZipMiddleware, minimum_size=2048)  # replays and records compress well
    folders = {game.name: game().presentation.web_folder() for game in all_games()}

    @app.get("/games", response_model=list[GameInfo], summary="The games offered, for the lobby")
    def games() -> list[GameInfo]:
        return [game_info(game, folders[game.name]) for game in all_games()]

    @app.get(
        "/games/{game}/page/{part}",
        response_class=HTMLResponse,
        responses={404: {"model": ErrorBody}},
        summary="A player's page as HTML: how to play (howto) or the rules as implemented (rules)",
    )
    def page(game: str, part: str) -> HTMLResponse:
        text = read_doc(part, game, "browser") if game in folders else None
        if text is None:
            raise NoSuchFileError(f"no page {part[:20]!r} for game {game[:40]!r}")
        return HTMLResponse(page_html(text), headers=NO_CACHE)

    @app.get("/docs/img/{name}", include_in_schema=False)
    def page_image(name: str) -> FileResponse:
        path = doc_image(name)
        if path is None:
            raise NoSuchFileError(f"no image {name[:40]!r}")
        return FileResponse(path, media_type="image/png")

    @app.get(
        "/games/{game}/{name}",
        responses={404: {"model": ErrorBody}},
        summary="A game's browser file: its board (board.js, board.css) or how to play "
        "(rules.html)",
        response_class=FileResponse,
    )
    def game_file(game: str, name: str) -> FileResponse:
        folder = folders.get(game)
        path = None if folder is None or not GAME_FILE.fullmatch(name) else folder / name
        if path is None or not path.is_file():
            raise NoSuchFileError(f"no file {name[:40]!r} for game {game[:40]!r}")
        return FileResponse(path, media_type=MEDIA[path.suffix[1:]], headers=NO_CACHE)

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html", headers=NO_CACHE)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
