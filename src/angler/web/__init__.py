"""The browser table: plain ES modules, SVG and CSS in ``static/``, served by the server."""
