"""CPU per call and connections opened by each HTTP transport a judge can use.

    python benchmarks/http_transports.py --base-url http://127.0.0.1:PORT/v1 \
        [--calls 2000] [--in-flight 16,64,256]

Sends the same chat request (a THELMA-sized prompt, a JSON-schema answer format) `--calls`
times with at most `--in-flight` at once, through each transport, against an OpenAI-compatible
endpoint already running (the llmstub at 300 ms is what the figures in docs/performance.md
used). Prints, per transport and in-flight level: the process CPU (user + system) per call,
the wall time, and the TCP connections opened (counted at the event loop's
`create_connection`; a pool that keeps its connections opens at most `in flight` of them).

Transports: `openai-httpx` (the SDK's default client), `openai-httpx-pool` (the SDK with
keep-alive connections raised to the in-flight level), `openai-aiohttp` (the SDK's
`DefaultAioHttpClient`, needs `openai[aiohttp]`), `aiohttp` (a plain aiohttp session, what
ragvet's `OpenAIChat` uses when aiohttp is installed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time

BODY = {
    "model": "gpt-4o-mini",
    "temperature": 0.0,
    "max_tokens": 4096,
    "messages": [
        {"role": "system", "content": "You judge whether each claim is supported. " * 20},
        {"role": "user", "content": json.dumps({"claims": [f"claim number {i} about the bridge"
                                                           for i in range(12)],
                                                "sources": ["a passage of text " * 60] * 3})},
    ],
    "response_format": {"type": "json_schema", "json_schema": {
        "name": "reply", "strict": False, "schema": {
            "type": "object", "properties": {"verdicts": {"type": "array", "items": {
                "type": "object", "properties": {"id": {"type": "integer"},
                                                 "verdict": {"type": "string",
                                                             "enum": ["yes", "no"]}}}}}}}},
}


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def _openai(base_url: str, in_flight: int, flavour: str):
    import openai

    options = {"base_url": base_url, "api_key": "stub-key", "max_retries": 0}
    if flavour == "pool":
        import httpx2  # the HTTP client this openai release is built on

        limits = httpx2.Limits(max_connections=in_flight, max_keepalive_connections=in_flight)
        options["http_client"] = openai.DefaultAsyncHttpxClient(limits=limits)
    elif flavour == "aiohttp":
        options["http_client"] = openai.DefaultAioHttpClient()
    client = openai.AsyncOpenAI(**options)

    async def call() -> None:
        reply = await client.post("/chat/completions", body=BODY, cast_to=object)
        assert reply["choices"]

    return call, client.close


def _ragvet(base_url: str, in_flight: int, flavour: str):
    import sys

    sys.path.insert(0, "src")
    from ragvet.judges.llm.client import ChatMessage, ChatRequest, OpenAIChat

    chat = OpenAIChat(base_url=base_url, api_key="stub-key")
    request = ChatRequest(messages=tuple(ChatMessage(m["role"], m["content"])
                                         for m in BODY["messages"]),
                          model=BODY["model"], max_tokens=4096,
                          schema=BODY["response_format"]["json_schema"]["schema"])

    async def call() -> None:
        reply = await chat.complete(request)
        assert reply.text

    return call, chat.aclose


TRANSPORTS = {"openai-httpx": (_openai, "default"), "openai-httpx-pool": (_openai, "pool"),
              "openai-aiohttp": (_openai, "aiohttp"), "ragvet": (_ragvet, "")}


async def measure(name: str, base_url: str, calls: int, in_flight: int) -> dict:
    make, flavour = TRANSPORTS[name]
    loop = asyncio.get_running_loop()
    opened = 0
    original = loop.create_connection

    async def counting(*args, **kwargs):
        nonlocal opened
        opened += 1
        return await original(*args, **kwargs)

    loop.create_connection = counting  # type: ignore[method-assign]
    call, close = make(base_url, in_flight, flavour)
    slots = asyncio.Semaphore(in_flight)
    failed = 0

    async def one() -> None:
        nonlocal failed
        async with slots:
            try:
                await call()
            except Exception:  # a timeout on an overloaded machine: counted, not fatal
                failed += 1

    await asyncio.gather(*(one() for _ in range(min(in_flight, 32))))  # warm up
    opened = 0
    cpu, wall = _cpu(), time.perf_counter()
    await asyncio.gather(*(one() for _ in range(calls)))
    cpu, wall = _cpu() - cpu, time.perf_counter() - wall
    await close()
    loop.create_connection = original  # type: ignore[method-assign]
    return {"transport": name, "in flight": in_flight, "calls": calls,
            "CPU ms/call": 1000 * cpu / calls, "wall s": wall, "connections opened": opened,
            "failed": failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--in-flight", default="16,64,256")
    parser.add_argument("--transports", default=",".join(TRANSPORTS))
    args = parser.parse_args()
    rows = []
    print("| transport | in flight | calls | CPU ms/call | wall s | connections opened | "
          "failed |\n|---|---|---|---|---|---|---|")
    for in_flight in map(int, args.in_flight.split(",")):
        for name in args.transports.split(","):
            try:
                rows.append(asyncio.run(measure(name, args.base_url, args.calls, in_flight)))
            except (ImportError, RuntimeError) as err:
                print(f"{name}: skipped ({err})")
                continue
            row = rows[-1]
            print(f"| {row['transport']} | {row['in flight']} | {row['calls']} | "
                  f"{row['CPU ms/call']:.2f} | {row['wall s']:.2f} | "
                  f"{row['connections opened']} | {row['failed']} |", flush=True)


if __name__ == "__main__":
    main()
