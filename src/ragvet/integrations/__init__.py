"""ragvet inside other tools. Each module imports its tool on first use and needs its extra:

- `mlflow`: ragvet metrics as an `mlflow.genai` scorer (`pip install 'ragvet[mlflow]'`)
"""
