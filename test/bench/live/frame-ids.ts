/** The ids of an event stream's frames as its chunks arrive (a frame may span chunks): a 'data' handler for a UTF-8 response. */
export function frameIds(onId: (id: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let at = buffer.indexOf('\n\n');
    while (at >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      at = buffer.indexOf('\n\n');
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      if (id) onId(id);
    }
  };
}
