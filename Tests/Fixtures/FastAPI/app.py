"""A small FastAPI service for .ci/fastapi-e2e.sh (issue #37): a generated Swift client is run against it.

The client is generated from the OpenAPI document this app serves at /openapi.json, as FastAPI emits it.
Each endpoint exercises something a FastAPI service commonly uses and the generator must read faithfully:
required and `Optional[...] = None` fields, `datetime` with microseconds, `Union[int, str]`, bytes as
base64, PATCH that tells an explicit null from an absent key, file uploads (one and a list) beside a form
field, required and optional query parameters, a path parameter, and a 422 validation error.

Run by .ci/fastapi_server.py, which binds the socket (port 0) and hands it to uvicorn.
"""

from datetime import datetime, timezone
from typing import Optional, Union

from fastapi import FastAPI, File, Form, HTTPException, Query, Request, Response, UploadFile
from pydantic import Base64Bytes, BaseModel, Field

app = FastAPI(title="HTNetworking FastAPI end-to-end", version="1.0.0")


class Item(BaseModel):
    """An item: required fields, optional (nullable) ones, a date, a union and base64 bytes."""

    id: int
    name: str = Field(min_length=1)
    created_at: datetime
    note: Optional[str] = None
    quantity: Union[int, str]
    tags: list[str] = []
    # Base64Bytes, not plain `bytes`: FastAPI documents both as {type: string, contentMediaType:
    # application/octet-stream}, Base64Bytes with `format: base64` too. pydantic writes plain `bytes` in
    # JSON as UTF-8 text ("hi"), but ht-codegen makes such a string `Data` read and written as base64, so
    # the client reads "hi" as one byte 0x86 and sends b"hi" as "aGk=", which FastAPI stores as b"aGk=".
    # Not checked here until the generator reads a contentMediaType string without contentEncoding in a
    # JSON body as the string's own bytes (reported with issue #37).
    checksum: Optional[Base64Bytes] = None


class ItemPatch(BaseModel):
    """A partial update: a key that is absent keeps the value, a key that is null clears it."""

    name: Optional[str] = Field(default=None, min_length=1)
    note: Optional[str] = None
    quantity: Union[int, str, None] = None


class Lookup(BaseModel):
    """What GET /items/{item_id} read from its path and query."""

    item_id: int
    q: str
    limit: Optional[int]
    item: Optional[Item]


class UploadedFile(BaseModel):
    filename: Optional[str]
    size: int
    content_type: Optional[str]


class UploadReport(BaseModel):
    description: str
    file: UploadedFile


class UploadsReport(BaseModel):
    files: list[UploadedFile]


ITEMS: dict[int, Item] = {
    1: Item(
        id=1,
        name="Widget",
        created_at=datetime(2026, 11, 28, 10, 20, 30, 123456, tzinfo=timezone.utc),
        note="first",
        quantity="10",
        tags=["a", "b"],
        # Base64Bytes is validated from its base64 text: these are the bytes FB FF BF FE 3E.
        checksum=b"+/+//j4=",
    )
}


@app.get("/items/{item_id}", response_model=Lookup, operation_id="getItem")
def get_item(item_id: int, q: str = Query(), limit: Optional[int] = None) -> Lookup:
    return Lookup(item_id=item_id, q=q, limit=limit, item=ITEMS.get(item_id))


@app.post("/items", response_model=Item, operation_id="createItem")
def create_item(item: Item, response: Response) -> Item:
    """Stores and echoes the item; X-Quantity-Type is the Python type the union's value became."""
    response.headers["X-Quantity-Type"] = type(item.quantity).__name__
    if item.checksum is not None:
        response.headers["X-Checksum-Hex"] = item.checksum.hex()
    ITEMS[item.id] = item
    return item


@app.put("/items/{item_id}", response_model=Item, operation_id="replaceItem")
async def replace_item(item_id: int, item: Item, request: Request, response: Response) -> Item:
    """Stores and echoes the item; the header X-Received-Created-At is the created_at text as sent."""
    if item.id != item_id:
        raise HTTPException(status_code=400, detail="the body's id is not the path's")
    raw = await request.json()
    response.headers["X-Received-Created-At"] = str(raw.get("created_at"))
    ITEMS[item_id] = item
    return item


@app.patch("/items/{item_id}", response_model=Item, operation_id="patchItem")
def patch_item(item_id: int, patch: ItemPatch, response: Response) -> Item:
    """Applies the keys the client sent (`exclude_unset`): null clears, absent keeps."""
    item = ITEMS.get(item_id)
    if item is None:
        raise HTTPException(status_code=404, detail="no such item")
    changes = patch.model_dump(exclude_unset=True)
    if changes.get("name", "") is None or ("quantity" in changes and changes["quantity"] is None):
        raise HTTPException(status_code=400, detail="name and quantity cannot be cleared")
    response.headers["X-Fields-Set"] = ",".join(sorted(patch.model_fields_set))
    updated = item.model_copy(update=changes)
    ITEMS[item_id] = updated
    return updated


@app.post("/upload", response_model=UploadReport, operation_id="uploadFile")
async def upload_file(file: UploadFile, description: str = Form()) -> UploadReport:
    content = await file.read()
    return UploadReport(
        description=description,
        file=UploadedFile(filename=file.filename, size=len(content), content_type=file.content_type),
    )


@app.post("/uploads", response_model=UploadsReport, operation_id="uploadFiles")
async def upload_files(files: list[UploadFile] = File()) -> UploadsReport:
    reports = []
    for upload in files:
        content = await upload.read()
        reports.append(UploadedFile(filename=upload.filename, size=len(content), content_type=upload.content_type))
    return UploadsReport(files=reports)
