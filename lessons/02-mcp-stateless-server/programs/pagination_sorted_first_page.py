#!/usr/bin/env python3
"""WRONG (pagination): shows the first page from an alphabetically sorted copy
of the tools (to look tidy) but cuts later pages from the list in its own
order, so `divide` appears on two pages and another tool on none. Page sizes
and cursors stay right. Everything else is the correct server
(pagination.py). Breaks: the pages together list every tool exactly once."""
import pagination as base

correct_page = base.page_tools


def page_tools(start):
    if start == 0:
        # BUG: one order for the first page, another for the rest
        return sorted(base.TOOLS, key=lambda t: t["name"])[:base.PAGE]
    return correct_page(start)


base.page_tools = page_tools
base.main()
