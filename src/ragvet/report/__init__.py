"""Reports and the dashboard: one view model (view.py) rendered as a self-contained HTML file
(html.py) or served by a small local web app (serve.py). Sections are pluggable."""
