"""The app's pages: each is a widget with a ``show_route(route)`` method, built on first visit."""
