"""A real SMTP server on loopback for the mail tests (aiosmtpd, Debian's python3-aiosmtpd).

Usage: python3 smtp-sink.py OUT_FILE
Prints "ready PORT" once it accepts connections. Each message it receives becomes one JSON line in OUT_FILE: the
envelope's recipients, the subject, and every text part decoded (its content type, charset and text), as a mail
program would read it. While the file OUT_FILE.refuse exists it refuses every message with a temporary failure
(451), as a mail server that is down for a while does. Stops when its standard input closes.
"""
import asyncio
import email
import email.policy
import json
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Sink:
    def __init__(self, out):
        self.out = out

    async def handle_DATA(self, server, session, envelope):
        if os.path.exists(self.out + '.refuse'):
            return '451 4.3.0 Mailbox busy, try again later'
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        parts = []
        for part in msg.walk():
            if part.get_content_maintype() == 'text':
                parts.append({'type': part.get_content_type(), 'charset': part.get_content_charset(), 'text': part.get_content().replace('\r\n', '\n')})
        with open(self.out, 'a', encoding='utf-8') as f:
            f.write(json.dumps({'to': envelope.rcpt_tos, 'subject': str(msg['subject']), 'contentType': msg.get_content_type(), 'parts': parts}, ensure_ascii=False) + '\n')
        return '250 OK'


def free_port():
    with socket.socket() as s:
        s.bind(('127.0.0.1', 0))
        return s.getsockname()[1]


def main():
    out = sys.argv[1]
    port = free_port()
    controller = Controller(Sink(out), hostname='127.0.0.1', port=port)
    controller.start()
    print(f'ready {port}', flush=True)
    sys.stdin.read()
    controller.stop()


if __name__ == '__main__':
    main()
