// Service.
