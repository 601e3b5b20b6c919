#!/usr/bin/env python3
"""WRONG (pagination): builds each page by picking tools round-robin with an
off-by-one, so the first page names its first tool twice (`add`, `subtract`,
`add`) and `multiply` is on no page. Every page still has the right size,
every name is one of the eight, and no page repeats a tool of an earlier
page. Everything else is the correct server (pagination.py). Breaks: the
pages together list every tool exactly once."""
import pagination as base

correct_page = base.page_tools


def page_tools(start):
    page = correct_page(start)
    if start == 0:
        # BUG: the third slot wraps back to the page's first tool
        return [page[0], page[1], page[0]]
    return page


base.page_tools = page_tools
base.main()
