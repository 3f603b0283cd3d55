"""What `npm run python:generate` writes from the OpenAPI document: the types (models) and the operations."""
