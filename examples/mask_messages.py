"""coatcheck without the HTTP gateway: mask a provider request, restore the provider's reply.

    python examples/mask_messages.py

No network: the "provider" below is a stand-in that answers with the placeholders it was given, as a model does.
All values are made up."""

from coatcheck.conversation import Conversation, mask_messages, restore_message

conv = Conversation()
request = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 200,
    "messages": [{"role": "user", "content": "Our DB_PASSWORD=Kq9x!Lm2Pz7w fails for giulia.ferraro@acme-dev.it; "
                                             "write it to .env.local please."}],
}
masked = mask_messages(request, conv)
said = masked["messages"][0]["content"]
print("sent to the provider:", said)

# the provider's reply uses the placeholders it saw: a text block and a file write
secret_ph = next(w for w in said.replace(";", " ").split() if w.startswith("DB_PASSWORD=")).split("=", 1)[1]
reply = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5", "stop_reason": "tool_use",
         "content": [{"type": "text", "text": f"I will store {secret_ph} in .env.local."},
                     {"type": "tool_use", "id": "toolu_1", "name": "Write",
                      "input": {"file_path": ".env.local", "content": f"DB_PASSWORD={secret_ph}\n"}}]}
restored = restore_message(reply, conv)
print("shown to the user:", restored["content"][0]["text"])
print("file the tool writes:", restored["content"][1]["input"]["content"], end="")
