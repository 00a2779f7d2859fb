/* Nothing to call: the executable links this target for its definitions (see ProcessArguments.c). */
