import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What of smtp-server's connection this needs (declared in its typings: `_socket`, `_parser`, `_createParser`, `upgrade`). */
interface Connection {
  _socket: Socket;
  _parser: Parser | false;
  _createParser(): Parser;
  _whenWritable(next: () => void): void;
  upgrade(callback: () => void, secureCallback?: () => void): void;
}
type WriteCallback = (error?: Error | null) => void;
interface Parser {
  _write(chunk: Buffer, encoding: BufferEncoding, next: WriteCallback): void;
}

const HELD = Symbol('replies held per input chunk');

/**
 * The replies of a pipelined group of commands, written as one socket write (RFC 2920, ADR 0059).
 *
 * smtp-server writes each reply to the socket as soon as it is made: a sender that pipelines MAIL FROM, RCPT TO and
 * DATA gets 250, 250 and 354 as three writes (three syscalls and three TCP segments), and the 250 after the message a
 * fourth. Here the connection's socket is corked while its command parser works through a chunk of input, and uncorked
 * when the parser is done with that chunk, i.e. when it is about to wait for more input: the replies made meanwhile
 * leave together (Node's writev). This is exactly the latitude RFC 2920 gives a server ("the server may hold replies of a
 * group"; it must send them before it waits for more input, which uncorking at the end of the chunk does). A sender
 * that sends one command at a time gets each reply exactly as before: its chunk holds one command.
 *
 * No reply waits on anything but the commands already received: the parser's chunk ends when its last command is
 * handled (the 250 after a message is made just before smtp-server resumes the parser, so it leaves at once). The
 * socket is let go (uncorked) when its buffer is full, for smtp-server then waits for it to drain before the next command;
 * before a STARTTLS upgrade (the 220 must reach the sender before the TLS handshake starts); closing a connection
 * (`end`) writes whatever is held.
 */
export function holdPipelinedReplies(server: SMTPServer): void {
  const connect = server.connect.bind(server);
  server.connect = (socket, options) => {
    connect(socket, options);
    // the connection connect() just made is the last one added
    let made: Connection | undefined;
    for (const c of server.connections) made = c as unknown as Connection;
    if (made && made._socket === socket) holdPerChunk(made);
  };
}

function holdPerChunk(connection: Connection): void {
  // all or nothing: holding replies without every release below could hang a connection, so a smtp-server that no
  // longer has one of these members gets its replies written one by one, as it does on its own
  const parser = connection._parser;
  const hooks = [connection._createParser, connection._whenWritable, connection.upgrade, parser && parser._write];
  if (!parser || hooks.some((f) => typeof f !== 'function')) return;
  wrapParser(connection, parser);
  // after STARTTLS the connection gets a new parser for the TLS socket
  const createParser = connection._createParser.bind(connection);
  connection._createParser = () => wrapParser(connection, createParser());
  // after each command smtp-server waits for the socket's 'drain' when its buffer is over the high-water mark (a long
  // pipelined group's replies): a corked socket never drains, so it is let go first (the rest of the group's replies
  // then leave as they are made)
  const whenWritable = connection._whenWritable.bind(connection);
  connection._whenWritable = (next) => {
    const socket = connection._socket;
    if (socket.writableNeedDrain) letGo(socket);
    whenWritable(next);
  };
  const upgrade = connection.upgrade.bind(connection);
  connection.upgrade = (callback, secureCallback) => {
    letGo(connection._socket);
    upgrade(callback, secureCallback);
  };
}

/** Uncorks a socket entirely: what it holds is written now. */
function letGo(socket: Socket): void {
  while (socket.writableCorked > 0) socket.uncork();
}

function wrapParser(connection: Connection, parser: Parser): Parser {
  const held = parser as Parser & { [HELD]?: true };
  if (held[HELD]) return parser;
  held[HELD] = true;
  const write = parser._write;
  // smtp-server's parser calls its own _write again for the rest of a chunk (data mode): each call corks once and
  // uncorks once, when its callback runs, so the socket is uncorked when the outermost chunk is done
  parser._write = function (this: Parser, chunk, encoding, next) {
    const socket = connection._socket;
    socket.cork();
    let released = false;
    const release: WriteCallback = (error) => {
      if (!released) {
        released = true;
        if (socket.writableCorked > 0) socket.uncork();
      }
      next(error);
    };
    try {
      write.call(this, chunk, encoding, release);
    } catch (e) {
      if (!released) {
        released = true;
        if (socket.writableCorked > 0) socket.uncork();
      }
      throw e;
    }
  };
  return parser;
}
