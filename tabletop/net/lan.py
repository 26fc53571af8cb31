"""Games announced on the local network (multicast DNS, the ``zeroconf`` package): the
hosting app's server announces each of its tables that has a free seat, and the Play
online screen lists what it finds, so that friends in the same room join with a click.

A table is announced as a service of type :data:`SERVICE` named after its game and
code, with its address and port, and its code, game and host's name in the service's
properties; it is withdrawn once every seat is taken. The network interfaces used are
every one of the machine's, or those :data:`INTERFACES_ENV` names (comma-separated
addresses: the tests keep to 127.0.0.1). Without the ``zeroconf`` package nothing is
announced or found, and nothing fails.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
from dataclasses import dataclass

LOG = logging.getLogger("tabletop.online")

SERVICE = "_tabletop._tcp.local."
INTERFACES_ENV = "TABLETOP_LAN_INTERFACES"
#: what a property may hold (multicast DNS keeps records small)
MAX_PROPERTY = 60


def _interfaces():
    from zeroconf import InterfaceChoice

    named = [a.strip() for a in os.environ.get(INTERFACES_ENV, "").split(",") if a.strip()]
    return named or InterfaceChoice.All


def available() -> bool:
    try:
        import zeroconf  # noqa: F401
    except ImportError:
        return False
    return True


@dataclass(frozen=True)
class FoundTable:
    """A table announced on the network."""

    title: str  # the game's title
    game: str
    code: str
    host: str  # the host's name
    url: str


class Announcer:
    """Announces tables (asyncio: used from the server's loop)."""

    def __init__(self, address: str, port: int) -> None:
        from zeroconf import IPVersion
        from zeroconf.asyncio import AsyncZeroconf

        self.address, self.port = address, port
        self.zc = AsyncZeroconf(interfaces=_interfaces(), ip_version=IPVersion.V4Only)
        self.infos: dict[str, object] = {}

    async def announce(self, code: str, game: str, title: str, host: str) -> None:
        from zeroconf import ServiceInfo

        if code in self.infos:
            return
        cut = {k: v[:MAX_PROPERTY] for k, v in
               {"code": code, "game": game, "title": title, "host": host}.items()}
        info = ServiceInfo(SERVICE, f"{cut['title']} {code}.{SERVICE}",
                           addresses=[socket.inet_aton(self.address)], port=self.port,
                           properties=cut, server=f"tabletop-{code.lower()}.local.")
        try:
            await (await self.zc.async_register_service(info))
            self.infos[code] = info
        except Exception as exc:  # noqa: BLE001 - the table plays on, unannounced
            LOG.info("online: table %s not announced on the network: %s", code, exc)

    async def withdraw(self, code: str) -> None:
        info = self.infos.pop(code, None)
        if info is not None:
            with contextlib.suppress(Exception):
                await (await self.zc.async_unregister_service(info))

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.zc.async_unregister_all_services()
        with contextlib.suppress(Exception):
            await self.zc.async_close()


class Finder:
    """Looks for announced tables (its own threads: :meth:`tables` never waits)."""

    def __init__(self) -> None:
        from zeroconf import IPVersion, ServiceBrowser, Zeroconf

        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self.zc = Zeroconf(interfaces=_interfaces(), ip_version=IPVersion.V4Only)
        self.browser = ServiceBrowser(self.zc, SERVICE, handlers=[self._changed])

    def _changed(self, zeroconf, service_type: str, name: str, state_change) -> None:
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        info = zeroconf.get_service_info(service_type, name, timeout=2000)
        if info is None or not info.parsed_addresses():
            return
        props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
                 for k, v in info.properties.items()}
        address = info.parsed_addresses()[0]
        found = FoundTable(props.get("title", "?")[:MAX_PROPERTY], props.get("game", ""),
                           props.get("code", "")[:12], props.get("host", "")[:MAX_PROPERTY],
                           f"ws://{address}:{info.port}")
        if found.code:
            with self._lock:
                self._found[name] = found

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.title, t.code))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.browser.cancel()
        with contextlib.suppress(Exception):
            self.zc.close()


def lan_address() -> str:
    """This machine's address on its local network (the one its default route uses; no
    packet is sent), or 127.0.0.1 when it has none."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # (TEST-NET: connect() on UDP only picks a route)
        return s.getsockname()[0]
    return "127.0.0.1"
